#!/bin/sh
# mutation.sh [--boots N] [--stress-ms N] [--sheaves] [VARIANT]: show that
# the check catches broken locking. With --sheaves, the same for the 7.x
# series: tests/mutations-7.3/ on build/src/sheaves, VARIANT by default
# sheaves-rt-debug. Each
# patch in tests/mutations/ breaks the series on purpose; its header says
# how, and its "Caught-by: TEST" line names the KUnit test that must catch
# it (lab/verdict/mutation-verdict.sh says when it has); a "Variant: NAME" line
# builds that mutation as NAME instead of VARIANT. A mutation that only a
# job can catch names the job ("Job: guest/jobs/NAME.sh"), its boot
# parameters ("Append: ...") and, as Caught-by, the case of the job that
# must fail (its case id in the record); KUnit does not run in that boot.
# It is applied to the series tree for the time of its build only (the tree
# must have no uncommitted changes; it is restored after the build and on
# any exit), built as VARIANT (default series-rt-debug) in a folder of its
# own, build/mutation-obj, which starts as a copy of VARIANT's folder when
# that one is built, so that a mutation recompiles only what it touches (a
# scratch worktree at another path would compile all of it), and booted
# with kunit.filter_glob naming that test (the check job runs it among the
# others; alone, a boot takes a minute less), without test_meminit and the
# built-in slub_bench run (NO_BOOT_TESTS in lab/lib/common.sh), and
# slub_kunit.stress_ms=N (--stress-ms, default 15000), up to N times
# (--boots, default 3) until the test catches it; the script
# says how it did.
set -u
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/steps.sh"
USAGE="mutation.sh [--boots N] [--stress-ms N] [--sheaves] [VARIANT]"
boots=3 stress_ms=15000
# which series: its tree kind, its mutations and its default variant
tree=series mdir=$LAB_ROOT/tests/mutations variant=series-rt-debug
while [ $# -gt 0 ]; do
	case $1 in
	--boots) [ $# -ge 2 ] || usage_die "--boots needs a value"; number "$1" "$2"; boots=$2; shift 2 ;;
	--stress-ms) [ $# -ge 2 ] || usage_die "--stress-ms needs a value"; number "$1" "$2"; stress_ms=$2; shift 2 ;;
	--sheaves)
		tree=sheaves mdir=$LAB_ROOT/tests/mutations-7.3 variant=sheaves-rt-debug
		SERIES_TREE=$SHEAVES_TREE
		shift
		;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -le 1 ] || usage_die "expected at most one variant"
variant=${1:-$variant}
load_variant "$variant"
[ "$V_TREE" = $tree ] || usage_die "$variant is not built from the $tree tree"
[ $tree = sheaves ] || [ -z "${KERNEL_SRC:-}" ] || usage_die "KERNEL_SRC is set; mutations apply to the lab's series tree"
sh "$LAB_ROOT/lab/series/tree.sh" $tree || exit 1

[ -z "$(git -C "$SERIES_TREE" status --porcelain --untracked-files=no)" ] ||
	die "the series tree has uncommitted changes: commit (or export) them first; mutations are applied to it"

out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-mutation
mkdir -p "$out"
# The mutated kernels' build folders, one a variant, each seeded from the
# variant's own folder when that one is built.
mobj=$LAB_WORK/mutation-obj
seed() {
	load_variant "$1"
	[ "$V_TREE" = $tree ] || die "$1 is not built from the $tree tree"
	if [ ! -f "$mobj/${V_OBJ##*/}/vmlinux" ] && [ -f "$V_OBJ/vmlinux" ]; then
		log "starting $mobj/${V_OBJ##*/} from a copy of $V_OBJ"
		rm -rf "${mobj:?}/${V_OBJ##*/}"
		mkdir -p "$mobj"
		cp -a "$V_OBJ" "$mobj/" || die "could not copy $V_OBJ to $mobj"
	fi
}
# The files the mutations change, kept as they are (content and time) and
# put back after each build, so that the other build folders see nothing
# changed; before each build all of them are touched, so that the
# mutation folder compiles each anew and holds this mutation only.
[ -n "$(ls "$mdir"/*.patch 2>/dev/null)" ] ||
	die "no mutation patches in ${mdir#"$LAB_ROOT"/}/"
files=$(for p in "$mdir"/*.patch; do
	git -C "$SERIES_TREE" apply --numstat "$p"
done | cut -f3 | LC_ALL=C sort -u)
saved=$out/series-files
for f in $files; do
	[ -f "$SERIES_TREE/$f" ] || die "a mutation creates $f: mutations only change files of the series tree"
	mkdir -p "$saved/${f%/*}"
	cp -p "$SERIES_TREE/$f" "$saved/$f" || die "could not keep $f"
done
unmutate() {
	for _f in $files; do
		cp -p "$saved/$_f" "$SERIES_TREE/$_f" ||
			echo "lab: error: could not restore $SERIES_TREE/$_f (a copy is in $saved)" >&2
	done
}
trap unmutate EXIT
trap 'exit 130' INT TERM

caught=0 missed=0
for p in "$mdir"/*.patch; do
	name=${p##*/}
	name=${name%.patch}
	test=$(sed -n 's/^Caught-by: //p' "$p")
	case $test in
	'' | *[!a-z0-9_]*) die "$p has no 'Caught-by: TEST' line naming a KUnit test" ;;
	esac
	mjob=$(sed -n 's/^Job: //p' "$p")
	mappend=$(sed -n 's/^Append: //p' "$p")
	if [ -n "$mjob" ]; then
		[ -f "$LAB_ROOT/$mjob" ] || die "$p: no job $mjob"
		boot_append="$NO_KUNIT $mappend"
		verdict_args="--result $test"
	else
		mjob=guest/jobs/mutation.sh
		boot_append="$NO_BOOT_TESTS kunit.filter_glob=slub_test.$test slub_kunit.stress=1 slub_kunit.stress_ms=$stress_ms"
		verdict_args=$test
	fi
	# A mutation that only some builds can catch names one ("Variant:").
	mvariant=$(sed -n 's/^Variant: //p' "$p")
	mvariant=${mvariant:-$variant}
	seed "$mvariant"
	git -C "$SERIES_TREE" apply "$p" || die "$p does not apply to the series tree"
	(cd "$SERIES_TREE" && touch $files)
	log "$name: building $mvariant with the mutation"
	timed "  mutation $name: build" env LAB_OBJ="$mobj" sh "$LAB_ROOT/lab/kernel/build.sh" "$mvariant" \
		>"$out/$name.build.log" 2>&1 || die "$name: build failed; log: $out/$name.build.log"
	unmutate
	# A test that depends on timing, as the fast-path stress test does
	# (with 15 s it caught a mutation of an earlier revision in 3 of 4
	# boots), gets up to --boots boots. The mutations here today
	# are caught through KUnit static stubs or a test hook, every time,
	# in the first. A
	# hang ends at the hung-task panic of the debug config; the timeout
	# is the last resort.
	how= attempt=0
	while [ -z "$how" ] && [ $attempt -lt "$boots" ]; do
		attempt=$((attempt + 1))
		run=$out/$name.$attempt
		log "$name: booting with only $test ($attempt of $boots)"
		timed "  mutation $name: boot $attempt" env LAB_OBJ="$mobj" sh "$LAB_ROOT/lab/run/boot.sh" --purpose mutation --out "$run" \
			--append "$boot_append" "$mvariant" "$LAB_ROOT/$mjob" >"$run.verdict" 2>&1
		rc=$?
		con=$run/console.log
		if [ $rc = 0 ]; then
			echo "    boot $attempt: $test passed on a broken kernel, no splat (log: $con)"
		# shellcheck disable=SC2086 # verdict_args: an option and a name
		elif ! how=$(sh "$LAB_ROOT/lab/verdict/mutation-verdict.sh" $verdict_args "$run/result.json"); then
			echo "    boot $attempt: the check failed, but $how (log: $con)"
			jq -r '.results.reasons[:3][] | "        " + .' "$run/result.json" 2>/dev/null
			how=
		fi
	done
	if [ -z "$how" ]; then
		echo "MISSED: $name in $boots boots"
		missed=$((missed + 1))
		continue
	fi
	caught=$((caught + 1))
	echo "CAUGHT: $name in boot $attempt: $how (log: $con)"
	# The stress test's first corrupted object, and the run's reasons, from
	# its record.
	jq -r '[.results.tests[].diagnostics[] | select(contains("first corrupted object after"))][:1][] | "    stress test: " + .,
		(.results.reasons[:3][] | "    " + .)' "$run/result.json"
done
echo "results: $out"
echo "$caught caught, $missed missed"
[ $missed = 0 ]
