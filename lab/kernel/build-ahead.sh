#!/bin/sh
# build-ahead.sh OUT VARIANT...: build each variant's folder in turn
# (lab/kernel/build.sh, once a folder), for a run that boots them later: each
# build's log in OUT/build-VARIANT.log and, when it ends, a line
# "FOLDER<TAB>STATUS<TAB>VARIANT" in OUT/builds.done (status 0: built). A
# failed build does not stop the others. make check runs this beside its
# other steps, in a session of its own.
set -u
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/steps.sh"
USAGE="build-ahead.sh OUT VARIANT..."
[ $# -ge 2 ] || usage_die "expected an output folder and at least one variant"
out=$1
shift
[ -d "$out" ] || usage_die "no folder $out"
# Every name is checked before the first build (load_variant says why not).
for v in "$@"; do
	(load_variant "$v") >/dev/null || exit 2
done

seen=
for v in "$@"; do
	load_variant "$v"
	case " $seen " in *" $V_OBJ "*) continue ;; esac
	seen="$seen $V_OBJ"
	timed "  build $v (beside the run)" sh "$LAB_ROOT/lab/kernel/build.sh" "$v" >"$out/build-$v.log" 2>&1
	rc=$?
	printf '%s\t%s\t%s\n' "$V_OBJ" "$rc" "$v" >>"$out/builds.done"
done
