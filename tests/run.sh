#!/bin/sh
# The lab's self-tests. --quick runs only those that need no kernel tree;
# without it, the series round trip (base tree + git am + export) and the
# menuconfig test (configures kernels, builds none) run too.
set -u
cd "$(dirname "$0")/.."
. lab/lib/cases.sh
. lab/lib/steps.sh
fx=tests/fixtures
# A person's make menuconfig changes (local/) change no test's answer.
LAB_LOCAL=$PWD/$fx/no-local
export LAB_LOCAL
quick=0 summary=1
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	--no-summary) summary=0 ;; # the caller prints the closing line
	*) echo "usage: tests/run.sh [--quick] [--no-summary]" >&2; exit 2 ;;
	esac
done

t_section "the host's verdict and the run's record (lab/verdict/record.sh)"
job=guest/jobs/check.sh
rec_dir=$(mktemp -d)
# rec LOG [OPTIONS...]: record.sh on a recorded log, the record in rec_dir.
rec() {
	_log=$1
	shift
	sh lab/verdict/record.sh "$@" "$_log" "$rec_dir/${_log##*/}.json"
}
# rec_field LOG FILTER [OPTIONS...]: a field of LOG's record (jq), after
# recording it with record.sh's OPTIONS.
rec_field() {
	_log=$1 _filter=$2
	shift 2
	rec "$_log" "$@" >/dev/null
	jq -r "$_filter" "$rec_dir/${_log##*/}.json"
}
t_ok "a clean run the guest judged passes" rec $fx/logs/clean.log
t_says "a clean run's record: status ok, judged by the guest" '^ok guest 0$' \
	rec_field $fx/logs/clean.log '[.status, .judged_by, .job_status] | join(" ")'
t_says "a clean run's record: every case of the guest's KTAP, in order" '^30 topology_numa_nodes splat_scan$' \
	rec_field $fx/logs/clean.log '[(.cases | length), .cases[0].id, .cases[-1].id] | join(" ")'
t_refuses "a case the guest judged failed fails, named" 'the guest judged these cases failed: hackbench_thread_sockets$' \
	rec $fx/logs/guest-case-failed.log
t_says "a failed run's record: status failed" '^failed$' rec_field $fx/logs/guest-case-failed.log .status
t_refuses "the guest's quoted splat is its diagnostic, not a host finding" 'cases failed: splat_scan$' \
	rec $fx/logs/guest-selftest-not-ok.log
t_says "the guest's diagnostics are kept with its failed case" '^splat: not ok 3 read 4240 attributes' \
	rec_field $fx/logs/guest-selftest-not-ok.log '.cases[] | select(.id == "splat_scan") | .diagnostics[]'
t_refuses "a kernel report printed after the guest's judge read the log fails" \
	"judge did not read|BUG: sleeping function" rec $fx/logs/late-splat.log
t_refuses "a run whose KTAP is cut short (a judge that broke) fails" 'did not judge its run' \
	rec $fx/logs/no-guest-verdict.log
t_refuses "a failed job fails" 'job exited with status=1' rec $fx/logs/job-failed.log
t_refuses "a kernel report in a run the guest never judged fails" 'Invalid wait context' rec $fx/logs/invalid-wait-context.log
t_refuses "real log: raw list_lock nesting the cpu_slab local_lock fails" 'Invalid wait context' \
	rec $fx/logs/raw-list-lock-nesting-local-lock.log
t_refuses "KUnit not ok in a run the guest never judged fails" 'not ok 2 test_next_pointer' rec $fx/logs/kunit-not-ok.log
t_refuses "a panic before the job fails" 'Kernel panic' rec $fx/logs/panic-no-init.log
t_says "a panic before the job: status crashed" '^crashed$' rec_field $fx/logs/panic-no-init.log .status
t_refuses "a hung guest's log (no end marker) fails" 'no LAB-JOB-END' rec $fx/logs/hung.log
t_says "QEMU killed by the host's timeout: status timeout" '^timeout$' \
	rec_field $fx/logs/hung.log .status --qemu-exit 124 --timeout 30
t_refuses "QEMU's own failure fails a run that ended" 'qemu exited with status 1' rec $fx/logs/clean.log --qemu-exit 1
t_refuses "a missing log is an error" 'no console log' rec $fx/logs/nonexistent.log
t_refuses "record.sh without arguments is a usage error" 'usage' sh lab/verdict/record.sh
t_refuses "record.sh: a bad --qemu-exit is a usage error" "takes an exit status" rec $fx/logs/clean.log --qemu-exit x

t_section "the guest's own verdict (guest/judge.sh under busybox, on recorded logs)"
jr() { sh tests/judge-recorded.sh "$@"; }
t_says "a clean run: its KUnit cases pass" '^ok [0-9]+ kunit_slub_test_test_fastpath_stress$' jr $fx/logs/clean.log $job
t_says "a clean run: the suite passes" '^ok [0-9]+ kunit_slub_test$' jr $fx/logs/clean.log $job
t_says "a clean run: test_meminit passes" '^ok [0-9]+ meminit$' jr $fx/logs/clean.log $job
t_says "a clean run: KTAP, its plan first" '^1\.\.23$' jr $fx/logs/clean.log $job
t_refuses "a selftest shipped that never reported fails its expectation" \
	'^# expect_16: no line matches /LAB-SELFTEST slab_sysfs status=\(0\|4\)/' \
	env SELFTESTS=$fx/shipped-selftests sh tests/judge-recorded.sh $fx/logs/clean.log $job
t_says "a clean run: every expectation is judged" '^ok [0-9]+ expect_15$' jr $fx/logs/clean.log $job
t_says "a clean run: the splat scan passes" '^ok [0-9]+ splat_scan$' jr $fx/logs/clean.log $job
t_refuses "a failed KUnit case is named" '^not ok [0-9]+ kunit_slub_test_test_next_pointer$' \
	jr $fx/logs/kunit-not-ok.log $job
t_refuses "a skipped KUnit case is a skip" '^ok [0-9]+ kunit_slub_test_test_kfree_rcu # SKIP$' \
	jr $fx/logs/mutation-not-ok.log $job
t_refuses "a kernel splat fails the scan and is quoted" '^# splat: BUG: sleeping function called' \
	jr $fx/logs/sleeping-in-atomic.log $job
t_refuses "a missing test_meminit line fails its expectation" '^not ok [0-9]+ expect_5$' \
	jr $fx/logs/meminit-missing.log $job
t_refuses "a log where no test ran fails its expectation" '^# expect_1: no line matches /ok \[0-9\]\+ slub_test/' \
	jr $fx/logs/never-ran.log $job
# A LAB- line a job expects must reach the judge: printed with say
# (guest/lib.sh), not a plain echo, which reaches only the console.
said_markers() {
	_bad=
	for _m in $(cat guest/jobs/*.sh lab/*/*.sh | sed -n 's/.*#lab-expect: \(LAB-[A-Z-]*\).*/\1/p' | sort -u); do
		grep -q "say \"$_m[ \"]" guest/*.sh guest/jobs/*.sh || _bad="$_bad $_m"
	done
	[ -z "$_bad" ] || { echo "printed without say:$_bad"; return 1; }
}
t_ok "every LAB- line a job expects is printed with say, so the guest's judge sees it" said_markers
t_refuses "a job's failed selftest output (not ok) fails the scan" '^not ok [0-9]+ splat_scan$' \
	jr $fx/logs/guest-selftest-not-ok.log $job

t_section "KTAP: the guests' one writer (guest/ktap.sh) and the one reader (lab/verdict/ktap.awk)"
kx=$fx/ktap
# ktap_read READER LOG [PREFIX]: READER (ktap.awk or a broken copy) on LOG.
ktap_read() { awk -v prefix="${3:-}" -f "$1" "$2"; }
# A real KUnit log (a mutation boot): four spaces a level, the kernel's own
# lines between KUnit's, a failed case's diagnostics before its result.
kunit_reads() {
	ktap_read "$1" $fx/logs/mutation-not-ok.log kunit. >"$T_OUT.k" &&
		grep -qx 'skip	kunit_slub_test_test_kfree_rcu' "$T_OUT.k" &&
		grep -qx 'fail	kunit_slub_test_test_fastpath_stress' "$T_OUT.k" &&
		[ "$(grep -c '^diag	kunit_slub_test_test_fastpath_stress	test_fastpath_stress: EXPECTATION FAILED' "$T_OUT.k")" = 5 ] &&
		grep -qx 'diag	kunit_slub_test_test_shrink_while_partial_drains	test_shrink_while_partial_drains: one walk took 75 us' "$T_OUT.k" &&
		[ "$(grep -c '^pass	kunit_slub_test_' "$T_OUT.k")" = 10 ] &&
		grep -qx 'fail	kunit_slub_test' "$T_OUT.k" && grep -qx 'plan	1' "$T_OUT.k"
}
t_ok "real KUnit log: each case of its suite (4 spaces a level), a SKIP a skip, a failed case's diagnostics (before its result) its own" \
	kunit_reads lab/verdict/ktap.awk
# Not recorded: written from the runner's format (the fixture says so).
kselftest_reads() {
	ktap_read "$1" $kx/kselftest-runner.log >"$T_OUT.k" &&
		[ "$(grep -v '^diag' "$T_OUT.k" | tr '\n' ' ')" = "plan	4 pass	selftests__mm__slab_sysfs skip	selftests__mm__slab_sysfs_partial fail	selftests__mm__slab_shrink_loop fail	selftests__mm__slab_merge " ] &&
		grep -qx 'diag	selftests__mm__slab_merge	not ok 1 merging on: 0 cache aliases (want more)' "$T_OUT.k"
}
t_ok "kselftest runner's output: its results (# SKIP, # TIMEOUT, # exit=N), a test's own \"# \"-prefixed lines the next result's diagnostics" \
	kselftest_reads lab/verdict/ktap.awk
spec_reads() {
	ktap_read "$1" $kx/spec-nested.ktap | diff -u - $kx/spec-nested.cases
}
t_ok "KTAP as the spec writes it: two spaces a level, a suite named by its result line, not ok # SKIP a skip" \
	spec_reads lab/verdict/ktap.awk
t_ok "busybox awk reads it alike (the guest's judge)" \
	sh -c "busybox awk -f lab/verdict/ktap.awk $kx/spec-nested.ktap | diff -u $kx/spec-nested.cases -"
t_catches "mutation: not ok # SKIP read as a failure is caught" lab/verdict/ktap.awk \
	's|\[Ss\]\[Kk\]\[Ii\]\[Pp\]/)|SKIP/ \&\& line ~ /^ok/)|' spec_reads
t_catches "mutation: a diagnostic taken for the result before it is caught" lab/verdict/ktap.awk \
	's|^line ~ /^# / {$|line ~ /^# / \&\& 0 {|' kunit_reads
t_catches "mutation: depth as four spaces a level is caught" lab/verdict/ktap.awk \
	's|^{ depth = depth_at(ind) }|{ depth = int(ind / 4); depth_at(ind) }|' spec_reads
# The writer, under busybox (the lab's guest) and dash (rt-eval's Debian
# image): every kind of result, diagnostics first, the totals; and the
# reader takes back what it wrote.
ktap_write() {
	$1 -c '. "$1"
		printf "pass first_case\nfail Second.Case\nskip third\ntimeout fourth\n" >"$2/cases"
		mkdir -p "$2/diag" && printf "why it failed\nand more\n" >"$2/diag/second_case"
		ktap_document "$2/cases" "$2/diag"; echo "exit $?"' - "$2" "$T_OUT.d"
}
ktap_writes() { rm -rf "$T_OUT.d" && mkdir "$T_OUT.d" && ktap_write "$1" "$2" | diff -u $kx/written.ktap -; }
t_ok "the writer under busybox: a document, diagnostics before their result, SKIP and TIMEOUT, totals, exit 1" ktap_writes "busybox sh" guest/ktap.sh
t_ok "the writer under dash, alike" ktap_writes dash guest/ktap.sh
t_catches "mutation: diagnostics written after their result are caught" guest/ktap.sh \
	tests/lab-mutations/ktap-diag-after.sed ktap_writes "busybox sh"
ktap_round_trip() { ktap_read lab/verdict/ktap.awk $kx/written.ktap | diff -u $kx/written.cases -; }
t_ok "the reader takes back each written case and its diagnostics" ktap_round_trip
rm -rf "$T_OUT.k" "$T_OUT.d"

t_section "config fragment survival (lab/kernel/config-check.sh)"
t_ok "options that survived pass" sh lab/kernel/config-check.sh $fx/configs/resolved.config $fx/configs/a.config
t_refuses "a dropped option is named" "CONFIG_SLUB_KUNIT_TEST=y' did not survive.*absent" \
	sh lab/kernel/config-check.sh $fx/configs/resolved.config $fx/configs/dropped.config
t_refuses "an option that should be unset but is set is named" "CONFIG_PREEMPT_RT is not set' did not survive.*CONFIG_PREEMPT_RT=y" \
	sh lab/kernel/config-check.sh $fx/configs/resolved.config $fx/configs/unset.config
t_ok "a later fragment overrides an earlier one" sh lab/kernel/config-check.sh $fx/configs/resolved-nosmp.config $fx/configs/a.config $fx/configs/override.config
t_refuses "an overridden option is checked against the later fragment" "override.config:1: '# CONFIG_SMP is not set' did not survive" \
	sh lab/kernel/config-check.sh $fx/configs/resolved.config $fx/configs/a.config $fx/configs/override.config
t_refuses "a missing fragment file is named" 'missing fragment file.*nope.config' \
	sh lab/kernel/config-check.sh $fx/configs/resolved.config $fx/configs/nope.config
t_says "an option the tree is declared to lack is named, and passes" \
	"CONFIG_SLUB_KUNIT_TEST=y': this tree does not have it, as declared" \
	sh -c 'sh lab/kernel/config-check.sh --may-lack "PREEMPT_VOLUNTARY SLUB_KUNIT_TEST" "$1" "$2" 2>&1' - \
	$fx/configs/resolved.config $fx/configs/dropped.config
t_refuses "an option the tree is not declared to lack still fails" "CONFIG_SLUB_KUNIT_TEST=y' did not survive" \
	sh lab/kernel/config-check.sh --may-lack "SLUB_KUNIT" $fx/configs/resolved.config $fx/configs/dropped.config

t_section "the mainline tree kind (lab/series/tree.sh mainline, lab/setup/fetch-mainline.sh)"
# A tarball as Debian's linux-source packages hold one: a folder with the
# tree (here only its Makefile).
mtmp=$(mktemp -d)
tar -cJf "$mtmp/linux-source.tar.xz" -C $fx/mainline linux-source-7.3
mkdir "$mtmp/two" "$mtmp/two/a" "$mtmp/two/b"
tar -cJf "$mtmp/two.tar.xz" -C "$mtmp/two" a b
# mtree VERSION [TARBALL]: tree.sh mainline in a scratch LAB_WORK.
mtree() {
	env LAB_WORK="$mtmp/work" LAB_MAINLINE_DEB="$1" LAB_MAINLINE_TARBALL="${2:-$mtmp/linux-source.tar.xz}" \
		sh lab/series/tree.sh mainline 2>&1
}
m_first() {
	mtree fixture-1 >/dev/null &&
		echo "$(git -C "$mtmp/work/src/mainline" log --format=%s) $(git -C "$mtmp/work/src/mainline" rev-list --count HEAD)"
}
t_says "the tarball is unpacked and committed as one commit" '^Linux 7\.3\.4 \(Debian linux-source-7\.3 fixture-1\) 1$' m_first
m_again() { _o=$(mtree fixture-1) && [ -z "$_o" ] || { echo "$_o"; return 1; }; }
t_ok "the same version again: nothing to do, nothing said" m_again
t_says "another version: unpacked again" 'holds linux-source-7\.3 fixture-1, not linux-source-7\.3 fixture-2: unpacking again' mtree fixture-2
t_says "the tree kind's folder (tree_dir mainline)" "^$mtmp/work/src/mainline\$" \
	env LAB_WORK="$mtmp/work" sh -c '. lab/lib/common.sh && tree_dir mainline'
t_refuses "a tarball that is not one tree folder is refused" 'does not hold one kernel tree folder' \
	mtree fixture-3 "$mtmp/two.tar.xz"
t_refuses "a missing tarball is refused" 'no mainline tarball' mtree fixture-4 "$mtmp/nonexistent.tar.xz"
t_refuses "fetch-mainline.sh takes no arguments" 'usage: fetch-mainline.sh' sh lab/setup/fetch-mainline.sh now
t_says "the mainline variants are declared, on tree mainline" '^mainline-nonrt mainline-nonrt-stats mainline-rt mainline-rt-debug mainline-rt-latency mainline-rt-stats $' \
	sh -c 'for v in $(sh lab/kernel/variants.sh | awk "/^mainline-/ { print \$1 }" | sort); do printf "%s " "$v"; done; echo'
t_says "mainline-nonrt declares what 7.3 lacks" '^mainline PREEMPT_VOLUNTARY$' \
	sh -c '. lab/lib/common.sh && load_variant mainline-nonrt && echo "$V_TREE $V_LACKS"'
rm -rf "$mtmp"

t_section "declared variants (lab/kernel/variants.sh, lab/kernel/build.sh, lab/run/boot.sh)"
t_ok "every variant in variants/ resolves" sh lab/kernel/variants.sh
# tv FOLDER CMD...: CMD with the fixture variants of $fx/FOLDER.
tv() { _d=$fx/$1; shift; LAB_VARIANTS=$_d LAB_CONFIGS=$fx/configs "$@"; }
t_ok "a fixture variant resolves" tv variants sh lab/kernel/variants.sh good
t_refuses "lacks= takes Kconfig symbols only" "lacks= takes Kconfig symbols" tv variants sh lab/kernel/build.sh bad-lacks
t_refuses "build: unknown variant is refused, with the list" 'unknown variant "nosuch"; declared variants:.* good' \
	tv variants sh lab/kernel/build.sh nosuch
t_refuses "build: a missing fragment file is refused" 'missing fragment file .*nosuchfragment.config' \
	tv variants sh lab/kernel/build.sh missing-fragment
t_refuses "build: a typo in a variant file is refused" "unknown line 'cmdlin=slub_nomerge'" \
	tv variants sh lab/kernel/build.sh typo
t_refuses "build: a numa value other than yes or no is refused" "numa must be 'yes' or 'no', not '2'" \
	tv variants sh lab/kernel/build.sh bad-numa
t_says "make check's debug builds boot on NUMA nodes" '^numa=yes$' sh lab/kernel/variants.sh series-rt-debug-nomerge
t_refuses "boot: a --memory QEMU cannot take is refused" "memory size '1GB' is not NNNM or NNG" \
	sh lab/run/boot.sh --memory 1GB series-rt-debug $job
t_refuses "boot: memory that does not split into one node a vCPU is refused" "1G of memory does not split into 3 equal NUMA nodes" \
	sh lab/run/boot.sh --smp 3 --numa series-rt-debug $job
t_refuses "boot: a --smp that is not a number is refused" "--smp takes a positive whole number" \
	sh lab/run/boot.sh --smp two series-rt-debug $job
t_refuses "boot: a purpose the QEMU profile does not declare is refused" "--purpose takes one of .*check.*, not 'chek'" \
	sh lab/run/boot.sh --purpose chek series-rt-debug $job
t_refuses "build: a config other than tinyconfig or debian:FLAVOUR is refused" "config must be 'tinyconfig' or 'debian:FLAVOUR', not 'debian:../x'" \
	tv variants sh lab/kernel/build.sh bad-config
t_says "a Debian-configuration variant builds in a folder of its own" \
	'^build=.*/series-debian-amd64_rt_amd64-distro-debug-slub-bench$' sh lab/kernel/variants.sh series-rt-debian-debug
t_refuses "check-distro takes no arguments" 'takes no arguments' sh lab/check/check-distro.sh now
t_refuses "build: an unknown tree is refused" "tree must be 'base', 'series', 'mainline' or 'series@REV\[:N\]'" \
	tv variants sh lab/kernel/build.sh bad-tree
t_ok "a variant of an earlier revision builds in a folder make takes (no ':')" \
	sh -c "LAB_VARIANTS=$fx/variants LAB_CONFIGS=$fx/configs sh lab/kernel/variants.sh earlier | grep -qx 'build=.*/series-0123456789ab-1-a'"
t_refuses "build: a tree at a revision that moves (HEAD) is refused" "not 'series@HEAD'" \
	tv variants sh lab/kernel/build.sh moving-rev
t_refuses "tree: series@ a revision the lab does not have is refused" "'0000000' is not a commit of the lab" \
	sh lab/series/tree.sh series@0000000
t_refuses "tree: series@REV:N with more patches than REV has is refused" "has fewer than 999 patches" \
	sh lab/series/tree.sh series@$(git rev-parse --short=12 HEAD):999
t_refuses "tree: series@REV: without a count is refused" "expected series@REV or series@REV:N" \
	sh lab/series/tree.sh series@$(git rev-parse --short=12 HEAD):
t_refuses "tree: series@ a lab commit without patches/series is refused" "has no patches/series" \
	sh lab/series/tree.sh series@$(git rev-list --max-parents=0 HEAD | head -n 1)
t_refuses "build-ahead: without variants is a usage error" 'expected an output folder and at least one variant' \
	sh lab/kernel/build-ahead.sh "$T_OUT.d"
t_refuses "build-ahead: an unknown variant is refused before any build" 'unknown variant "nosuch"' \
	sh -c 'd=$(mktemp -d) && trap "rm -r $d" EXIT && sh lab/kernel/build-ahead.sh "$d" series-rt-debug nosuch; rc=$?; ! ls -A "$d" | grep -q . || rc=0; exit $rc'
t_refuses "boot: unknown variant is refused" 'unknown variant "nosuch"' sh lab/run/boot.sh nosuch $job
t_refuses "boot: missing arguments are a usage error" 'usage: boot.sh' sh lab/run/boot.sh
t_refuses "boot: a bad --accel is refused" "--accel takes auto, kvm, tcg or tcg-single" sh lab/run/boot.sh --accel xen series-rt-debug $job
t_refuses "boot: a bad --timeout is refused" "--timeout takes whole seconds" sh lab/run/boot.sh --timeout soon series-rt-debug $job
t_refuses "boot: a missing job script is refused" 'no job script' sh lab/run/boot.sh series-rt-debug /nonexistent.sh
t_refuses "tree: an unknown command is a usage error" "unknown command 'frobnicate'" sh lab/series/tree.sh frobnicate

t_section "QEMU's command line, from one function (lab/lib/qemu.sh qemu_argv, lab/run/qemu.json)"
# qa ARGS...: qemu_argv in the lab's shell.
qa() { sh -c '. lab/lib/common.sh && qemu_argv "$@"' - "$@"; }
t_ok "a check boot on two NUMA nodes: the profile's machine, the options in their order" \
	sh -c '. lab/lib/common.sh && qemu_argv --numa --console /r/console.log --kernel /o/bzImage --initrd /r/initrd.cpio --append "init_on_alloc=1 x=\"a b\"" |
		diff -u tests/fixtures/qemu/check-numa.argv -'
t_says "KVM: the host's CPU" '^-accel kvm -cpu host ' sh -c '. lab/lib/common.sh && qemu_argv --accel kvm | sed -n 2,3p | tr "\n" " "'
t_says "instruction time and the bare-metal CPU: -icount, the hypervisor bit hidden" '^-accel tcg -cpu max,-hypervisor -icount shift=0,sleep=off $' \
	sh -c '. lab/lib/common.sh && qemu_argv --icount --native-cpu | sed -n 2,4p | tr "\n" " "'
t_says "a purpose's overlay: rt-eval's memory and kernel parameters, its disk" \
	'^-m 2G -drive file=/d/rootfs.ext4,if=virtio,format=raw -append console=ttyS0 panic=-1 oops=panic root=/dev/vda rw rt_eval.duration=1m $' \
	sh -c '. lab/lib/common.sh && qemu_argv --purpose rt-eval --drive /d/rootfs.ext4 --append rt_eval.duration=1m | grep -E "^-(m|drive|append) " | tr "\n" " "'
t_refuses "an unknown purpose is refused, naming those there are" "QEMU purpose 'nosuch' is not in .*qemu.json \(purposes: .*check" qa --purpose nosuch
t_refuses "--icount under KVM is refused" 'needs TCG' qa --accel kvm --icount
# Each timeout the lab's runs use, in the one table.
t_says "timeouts: one table, a purpose each" '^bench=1200 check=900 hang=30 latency=1800 lava=900 mutation=600 panic=300 probe=15 rt-eval=900 $' \
	sh -c '. lab/lib/common.sh && for p in $(qemu_purposes); do printf "%s=%s " $p $(qemu_profile $p timeout_s); done'
qwords() { sh -c '. lab/lib/common.sh && qemu_argv --kernel "/a b/bzImage" --append "it'"'"'s x" | qemu_words >"$1" && qemu_quoted "$1"' - "$T_OUT.w"; }
t_says "--show-command's quoting: a path with a space, a quote in the command line" \
	"^qemu-system-x86_64 -accel tcg .* -kernel '/a b/bzImage' -append 'console=ttyS0 panic=-1 oops=panic it'\\\\''s x'\$" qwords
qwords_back() { qwords >/dev/null && eval "set -- $(sh -c '. lab/lib/common.sh && qemu_quoted "$1"' - "$T_OUT.w")" && printf '%s\n' "$@" | diff -u "$T_OUT.w" -; }
t_ok "and a shell reading it back gets the same arguments" qwords_back
# grep finds QEMU's options spelled in one file: a QEMU option (one dash,
# after a space or a quote) appears in no other script of the lab, outside
# its comments.
one_place() {
	grep -rnE "(^|[ \"'(])-(no-reboot|nodefaults|accel|smp|serial|nographic|monitor|initrd|append|kernel|cpu|icount|drive|object|numa|display|net) " \
		lab guest Makefile | grep -v -e '^lab/lib/qemu.sh:' -e '^[^:]*:[0-9]*:[[:space:]]*#'
	[ $? = 1 ]
}
t_ok "QEMU's options are spelled in lab/lib/qemu.sh alone" one_place
# boot.sh --show-command on a fake build of a fixture variant: the
# command it would run, the variant's parameters in it, nothing booted.
show_command() {
	_o=$(mktemp -d) &&
		mkdir -p "$_o/series-a/arch/x86/boot" && : >"$_o/series-a/arch/x86/boot/bzImage" &&
		LAB_VARIANTS=$fx/variants LAB_CONFIGS=$fx/configs LAB_OBJ=$_o \
			sh lab/run/boot.sh --accel tcg --smp 1 --append slub_nomerge --out "$_o/run" --show-command good $job &&
		[ ! -e "$_o/run" ]
	_rc=$?
	rm -rf "$_o"
	return $_rc
}
t_says "boot.sh --show-command prints QEMU's command line and boots nothing" \
	"^qemu-system-x86_64 -accel tcg -cpu max -smp 1 -m 1G .* -kernel [^ ]*/series-a/arch/x86/boot/bzImage -initrd [^ ]*/run/initrd.cpio -append 'console=ttyS0 panic=-1 oops=panic slub_nomerge'\$" \
	show_command
rm -f "$T_OUT.w"

t_section "the build's record (build.json: lab/lib/facts.sh build_record, written by lab/kernel/build.sh)"
# fake_build DIR: a build folder of the fixture variant "good" (tree
# series, fragment a) with what a build leaves that the record reads.
fake_build() {
	mkdir -p "$1/series-a/arch/x86/boot" "$1/series-a/include/config" "$1/series-a/selftests" &&
		echo 'not a kernel' >"$1/series-a/arch/x86/boot/bzImage" && echo 'CONFIG_A=y' >"$1/series-a/.config" &&
		echo 6.12.118 >"$1/series-a/include/config/kernel.release" && echo 'a selftest' >"$1/series-a/selftests/slab_sysfs" &&
		printf 'x.c:1: warning: w\nx.c:2: warning: v\n' >"$1/series-a/build.log"
}
brec() {
	_b=$(mktemp -d) && fake_build "$_b" &&
		LAB_VARIANTS=$fx/variants LAB_CONFIGS=$fx/configs LAB_OBJ=$_b sh -c '. lab/lib/common.sh && load_variant good &&
			KJOBS=2 build_record "$V_OBJ" "$1" "$(($(date +%s) - 7))" bzImage modules && jq -r "$2" "$V_OBJ/build.json"' - "$@"
	_rc=$?
	rm -rf "$_b"
	return $_rc
}
t_says "what was built and how to repeat it" '^good series tinyconfig a bzImage,modules 2 sh lab/kernel/build.sh good$' \
	brec pass '[.build.variant, .build.tree, .build.config, (.build.fragments | join(",")), (.build.targets | join(",")), .build.jobs, .build.reproducer_cmdline] | join(" ")'
t_says "its facts: kernel release, compiler, config sha256, warnings counted, the lab's commit" \
	"^6\\.12\\.118 gcc .* [0-9a-f]{64} 2 0 $(git rev-parse HEAD)\$" \
	brec pass '[.source.kernelrelease, .compiler.version_full, .config.sha256, .results.warnings, .results.errors, .git.lab_commit] | join(" ")'
t_says "its artifacts, each with its sha256" "^arch/x86/boot/bzImage=$(echo 'not a kernel' | sha256sum | cut -d' ' -f1) \\.config=[0-9a-f]{64} selftests/slab_sysfs=[0-9a-f]{64} \$" \
	brec pass '[.artifacts[] | .path + "=" + .sha256] | join(" ") + " "'
t_says "written before the build as running, with no duration yet" '^running null$' brec running '"\(.results.status) \(.results.duration_s)"'
t_says "and after it, with its duration" '^fail [0-9]+$' brec fail '"\(.results.status) \(.results.duration_s)"'

t_section "the variant matrix: builds and boot lines (variants/*.variant, *.boots)"
# Every name the lab had before the matrix resolves as it did. A deliberate
# change: for n in $(sed -n 's/^variant=//p' $fx/variants.dump); do
# sh lab/kernel/variants.sh $n; done | grep -v '^build=' >$fx/variants.dump
t_ok "every variant of the old 19 files resolves to the same tree, fragments and cmdline" sh -c \
	"for n in \$(sed -n 's/^variant=//p' $fx/variants.dump); do sh lab/kernel/variants.sh \$n || exit 1; done |
		grep -v '^build=' | diff -u $fx/variants.dump -"
t_says "make check's matrix: the three debug builds x 4 boots, and series-preempt-debug" \
	'^13 series-nonrt-debug .* series-preempt-debug .* series-rt-raw-debug-nocpupartial $' \
	sh -c 'n=$(sh lab/kernel/variants.sh --check | tr "\n" " ") && echo "$(echo $n | wc -w) $n"'
t_says "a boot line's variant is booted with its parameters where {boot} stands" '^cmdline=x=1 p=1 q=2 y=2$' \
	tv matrix sh lab/kernel/variants.sh booted-two
t_says "the build itself boots without them" '^cmdline=x=1 y=2$' tv matrix sh lab/kernel/variants.sh booted
t_says "without {boot}, a boot line's parameters go at the end" '^cmdline=z=1 p=1$' tv matrix sh lab/kernel/variants.sh tail-on
t_says "a boot line's variant shares its build's folder" '^build=.*/obj/series-a$' tv matrix sh lab/kernel/variants.sh booted-on
t_says "the listing names each build and each of its boot lines' variants" \
	'^booted booted-on booted-two solo tail tail-on tail-two $' \
	tv matrix sh -c 'sh lab/kernel/variants.sh | cut -d" " -f1 | tr "\n" " "'
t_says "--check lists the builds marked check=yes and their boot lines" '^booted booted-on booted-two solo $' \
	tv matrix sh -c 'sh lab/kernel/variants.sh --check | tr "\n" " "'
t_refuses "a boot line with a bad suffix is refused with its place" "bad.boots:2: 'Bad_Suffix' is not a suffix" \
	tv matrix-bad sh lab/kernel/variants.sh bad-ok
t_refuses "a boot line without parameters is refused" "empty.boots:1: 'bare' has no boot parameters" \
	tv matrix-bad sh lab/kernel/variants.sh noparams-bare
t_refuses "a missing boot list is refused" 'boots=nosuchlist: missing boot list' tv matrix-bad sh lab/kernel/variants.sh missing
t_refuses "a check= other than yes or no is refused" "check must be 'yes' or 'no', not 'maybe'" \
	tv matrix-bad sh lab/kernel/variants.sh badcheck
t_refuses "a name declared twice (a build and a boot line) is refused" 'declared more than once: dup-x' \
	tv matrix-dup sh lab/kernel/variants.sh
t_refuses "--check refuses it too, though neither build is marked check=yes" 'declared more than once: dup-x' \
	tv matrix-dup sh lab/kernel/variants.sh --check
t_refuses "variants: an unknown option is a usage error" 'unknown option --frob' sh lab/kernel/variants.sh --frob

t_section "make menuconfig, make hackbench: arguments (lab/kernel/menuconfig.sh, lab/bench/hackbench.sh)"
t_refuses "make menuconfig without VARIANT says so" 'missing VARIANT=NAME' make -s -o deps menuconfig
t_refuses "make hackbench without VARIANT says so" 'missing VARIANT=NAME' make -s -o deps hackbench
t_refuses "menuconfig: an unknown variant is refused, with the list" 'unknown variant "nosuch"; declared variants:.* series-rt-raw-debug' \
	sh lab/kernel/menuconfig.sh nosuch
t_refuses "menuconfig: without a terminal, the menus are refused (EDIT= is the way)" 'needs a terminal.*EDIT=' \
	sh -c 'sh lab/kernel/menuconfig.sh series-rt-raw-debug </dev/null'
t_refuses "menuconfig: --edit without arguments is a usage error" '--edit needs scripts/config arguments' \
	sh lab/kernel/menuconfig.sh --edit
t_refuses "hackbench: an unknown variant is refused" 'unknown variant "nosuch"' sh lab/bench/hackbench.sh nosuch
t_says "make hackbench leaves REPEATS and ARGS to hackbench.sh's defaults unless set" \
	'^sh lab/bench/hackbench.sh --append "" nosuch$' make -n -o deps hackbench VARIANT=nosuch
t_says "make hackbench passes REPEATS and ARGS on when set" \
	'^sh lab/bench/hackbench.sh --append "" --repeats "3" --args "-l 5" nosuch$' \
	make -n -o deps hackbench VARIANT=nosuch REPEATS=3 ARGS='-l 5'
t_refuses "hackbench: a bad REPEATS is refused" "REPEATS \(--repeats\) takes a positive whole number, not 'x'" \
	sh lab/bench/hackbench.sh --repeats x series-rt-raw
t_refuses "hackbench: ARGS with shell syntax is refused" "ARGS \(--args\) takes hackbench options only" \
	sh lab/bench/hackbench.sh --args '-l 1; reboot' series-rt-raw
t_refuses "configure: --local without --out is a usage error" '--local and --no-local need --out' \
	sh lab/kernel/configure.sh --local /dev/null series-rt-raw
t_refuses "configure: a missing --local fragment is refused" 'no fragment file /nonexistent.config' \
	sh lab/kernel/configure.sh --out /nonexistent --local /nonexistent.config series-rt-raw

t_section "bench samples (lab/bench/bench-parse.awk)"
t_ok "a real bench console log gives the hand-checked samples" sh -c \
	"awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/bench-console.log | diff -u $fx/logs/bench-console.samples -"
t_ok "a console log without results gives no samples" sh -c \
	"test -z \"\$(awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/panic-no-init.log)\""
t_ok "slub_bench v2 lines without cycles (not x86) give ns samples only" sh -c \
	"awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/bench-slub-nocycles.log | diff -u $fx/logs/bench-slub-nocycles.samples -"
t_refuses "slub_bench v1 lines are skipped with a warning" \
	'bench-slub-v1.log:3: slub_bench v1 lines skipped: only v2 is parsed' \
	awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/bench-slub-v1.log
t_ok "slub_bench v1 lines give no samples" sh -c \
	"test -z \"\$(awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/bench-slub-v1.log 2>/dev/null)\""
t_refuses "a slub_bench v2 test line without its ns fields is reported" 'line without \*_ns_med fields' \
	sh -c "echo 'LAB-SLUB-BENCH v2 test=bulk size=8 cpu=0 n=64 reps=5 alloc=3' | awk -f lab/bench/bench-parse.awk"
# From a mainline-rt-stats boot's console (7.3 with SLUB_STATS), and the
# line the guest prints when it cannot clear the counters (no sample).
t_ok "SLUB_STATS counts of a traced run become slubstats_MODE_COUNTER samples" sh -c \
	"awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/bench-slub-stats.log | diff -u $fx/logs/bench-slub-stats.samples -"
t_refuses "bench: a bad --time is refused" "--time takes wall, instructions or both" sh lab/bench/bench.sh --time never
t_refuses "bench: a bad --rounds is refused" "--rounds takes a positive whole number" sh lab/bench/bench.sh --rounds 0
t_refuses "bench: fewer --objects than one bulk batch is refused" "--objects must be at least 64" sh lab/bench/bench.sh --objects 10
t_refuses "mutation: a variant of the base tree is refused" "is not built from the series tree" sh lab/check/mutation.sh base-rt
t_refuses "mutation: a bad MUTATION_BOOTS is refused" "MUTATION_BOOTS must be a positive whole number" \
	env MUTATION_BOOTS=twice sh lab/check/mutation.sh
t_refuses "mutation: a bad MUTATION_STRESS_MS is refused" "MUTATION_STRESS_MS must be a positive whole number" \
	env MUTATION_STRESS_MS=5s sh lab/check/mutation.sh
t_refuses "bench: an unknown variant is refused" 'unknown variant "nosuch"' sh lab/bench/bench.sh --variants nosuch

t_section "rt-eval: cyclictest's record summarised and compared (lab/rt-eval/)"
# The fixtures are cyclictest --json records of two CPUs taken on a lab
# host; the expected percentiles were computed apart from jq (Python,
# nearest rank over the histogram).
rte=$fx/rt-eval
t_ok "per-CPU samples, min, avg, max, p99 and p99.9 off a recorded histogram" sh -c \
	"jq -r --argjson limit 2000 -f lab/rt-eval/summary.jq $rte/cyclictest-2000.json | diff -u $rte/cyclictest-2000.summary -"
t_ok "percentiles beyond the histogram read >=limit, and its overflows are counted" sh -c \
	"jq -r --argjson limit 100 -f lab/rt-eval/summary.jq $rte/cyclictest-100.json | diff -u $rte/cyclictest-100.summary -"
# rte_compare: compare.sh on two results folders of the fixtures, as
# rt-eval.sh leaves them.
rte_tmp=$(mktemp -d)
rte_compare() {
	for _k in 2000 100; do
		mkdir -p "$rte_tmp/$_k" &&
			cp $rte/cyclictest-$_k.json "$rte_tmp/$_k/cyclictest.json" &&
			cp $rte/cyclictest-$_k.summary "$rte_tmp/$_k/summary.tsv" &&
			echo "uname: Linux host 6.12.118-rt-$_k #1 SMP PREEMPT_RT x86_64 GNU/Linux" >"$rte_tmp/$_k/identity.txt" ||
			return 1
	done
	sh lab/rt-eval/compare.sh "$rte_tmp/2000" "$rte_tmp/100"
}
t_says "compare: one row a kernel, the worst CPU's figures, max against the first" \
	'^6\.12\.118-rt-100 +3989 +1870 +>=100 +>=100 +1\.54$' rte_compare
rm -rf "$rte_tmp"
t_refuses "compare: a folder that is not rt-eval's is refused" 'is not an rt-eval.sh results folder' \
	sh lab/rt-eval/compare.sh /nonexistent
t_refuses "rt-eval: a bad --duration is refused" "--duration takes N followed by s, m or h, not '5x'" \
	sh lab/rt-eval/rt-eval.sh --duration 5x
t_refuses "rt-eval: --groups 0 is refused" "--groups takes a positive whole number, not '0'" \
	sh lab/rt-eval/rt-eval.sh --groups 0
t_refuses "rt-eval: an unknown argument is refused" "unknown argument '--frob'" \
	sh lab/rt-eval/rt-eval.sh --frob

t_refuses "make rt-eval: with no kernel given and no make deb packages, it says which to build" \
	"no package of base-rt-debian in /nonexistent/deb/base-rt-debian: run 'make deb VARIANT=base-rt-debian'" \
	env LAB_WORK=/nonexistent sh lab/rt-eval/run.sh
t_refuses "make deb: a variant other than the two packaged ones is refused" \
	"make deb packages series-rt-debian or base-rt-debian, not 'series-rt'" \
	sh lab/kernel/deb.sh series-rt

# deb-check.sh on small packages made here with dpkg-deb: one as make deb
# makes them (a module file compressed, one with '-' in its file name, one
# built in), then each with one thing wrong.
debt=$(mktemp -d)
# fake_kernel_deb NAME [rt|nonrt] [OMIT]: $debt/NAME.deb, a package of kernel
# release 6.12.0-t, without the file OMIT when given.
fake_kernel_deb() {
	_r=$debt/$1 _m=$_r/lib/modules/6.12.0-t
	mkdir -p "$_r/DEBIAN" "$_r/boot" "$_m/kernel/fs/isofs" "$_m/kernel/fs/minix" &&
		printf 'Package: linux-image-6.12.0-t\nVersion: 6.12.0-1\nArchitecture: amd64\nInstalled-Size: 8\nMaintainer: lab <lab@localhost>\nDescription: test\n' >"$_r/DEBIAN/control" &&
		echo kernel >"$_r/boot/vmlinuz-6.12.0-t" &&
		if [ "${2:-rt}" = rt ]; then echo CONFIG_PREEMPT_RT=y; else printf '# CONFIG_PREEMPT_RT is not set\nCONFIG_PREEMPT_VOLUNTARY=y\n'; fi >"$_r/boot/config-6.12.0-t" &&
		echo module >"$_m/kernel/fs/isofs/isofs.ko.xz" &&
		echo module >"$_m/kernel/fs/minix/mini-x.ko" &&
		echo kernel/fs/ext4/ext4.ko >"$_m/modules.builtin" &&
		{ [ -z "${3:-}" ] || rm "$_r/$3"; } &&
		dpkg-deb -Zxz -b "$_r" "$debt/$1.deb" >/dev/null
}
printf '# the test list\next4 EXT4_FS\nisofs ISO9660_FS\nmini_x MINIX_FS\n' >"$debt/list"
printf 'ext4 EXT4_FS\nudf UDF_FS\n' >"$debt/list-udf"
fake_kernel_deb good && fake_kernel_deb nonrt nonrt && fake_kernel_deb novmlinuz rt boot/vmlinuz-6.12.0-t &&
	fake_kernel_deb nobuiltin rt lib/modules/6.12.0-t/modules.builtin
t_says "deb-check: a package as make deb makes it passes, its size and modules counted" \
	'^good\.deb: [0-9]+ kB installed, 2 modules$' sh lab/kernel/deb-check.sh --modules "$debt/list" "$debt/good.deb" 6.12.0-t
t_refuses "deb-check: another release than the package's is named" \
	"Package is 'linux-image-6.12.0-t', not linux-image-6.12.0-u" sh lab/kernel/deb-check.sh "$debt/good.deb" 6.12.0-u
t_refuses "deb-check: a package without its kernel is refused" 'novmlinuz\.deb lacks /boot/vmlinuz-6\.12\.0-t' \
	sh lab/kernel/deb-check.sh "$debt/novmlinuz.deb" 6.12.0-t
t_refuses "deb-check: a kernel that is not PREEMPT_RT is refused" 'is not PREEMPT_RT' \
	sh lab/kernel/deb-check.sh "$debt/nonrt.deb" 6.12.0-t
t_refuses "deb-check: a listed module in neither form is named" 'a built-in entry for: udf$' \
	sh lab/kernel/deb-check.sh --modules "$debt/list-udf" "$debt/good.deb" 6.12.0-t
t_refuses "deb-check: a built-in module is found only in modules.builtin" 'a built-in entry for: ext4$' \
	sh lab/kernel/deb-check.sh --modules "$debt/list" "$debt/nobuiltin.deb" 6.12.0-t
: >"$debt/list-empty"
t_refuses "deb-check: an empty module list is refused" 'list-empty: no module listed' \
	sh lab/kernel/deb-check.sh --modules "$debt/list-empty" "$debt/good.deb" 6.12.0-t
printf 'ext4\n' >"$debt/list-bad"
t_refuses "deb-check: a list line without its symbol is refused, naming the list" "$debt/list-bad: not \"module SYMBOL\": ext4" \
	sh lab/kernel/deb-check.sh --modules "$debt/list-bad" "$debt/good.deb" 6.12.0-t
rm -rf "$debt"
t_refuses "make deb: no variant is a usage error" 'expected one variant name' sh lab/kernel/deb.sh
t_refuses "make deb: an unknown option is refused" 'unknown option --fast' sh lab/kernel/deb.sh --fast series-rt-debian
t_refuses "make rt-eval: a kernel without LABEL= is refused" "'x.deb' is not LABEL=PACKAGE.deb" sh lab/rt-eval/run.sh x.deb
t_refuses "make rt-eval: a missing package is named" 'base: no package at /nonexistent.deb' \
	sh lab/rt-eval/run.sh base=/nonexistent.deb
t_refuses "image: a file that is not a package is refused" 'is not a Debian package' \
	sh lab/rt-eval/image.sh --out /nonexistent lab/rt-eval/run.sh
t_refuses "boot-image: a folder that is not an image is refused" 'is not an image of lab/rt-eval/image.sh' \
	sh lab/rt-eval/boot-image.sh /nonexistent
t_refuses "boot-image: a bad --duration is refused" "--duration takes N followed by s, m or h, not '1x'" \
	sh -c 'd=$(mktemp -d) && touch $d/rootfs.ext4 $d/vmlinuz $d/initrd.img $d/release &&
		sh lab/rt-eval/boot-image.sh --duration 1x $d; rc=$?; rm -r $d; exit $rc'

t_section "a required kernel report and its caller (lab/verdict/expect-report.sh)"
wc_ok=$fx/logs/wrong-context-reported.log wc_no=$fx/logs/wrong-context-silent.log
t_says "real log: lockdep's Invalid wait context names the caller" 'for slab_wrong_context_init' \
	sh lab/verdict/expect-report.sh $wc_ok 'BUG: Invalid wait context' slab_wrong_context_init
t_says "real log: the might-sleep report names the caller" 'for slab_wrong_context_init' \
	sh lab/verdict/expect-report.sh $wc_ok 'BUG: sleeping function called from invalid context' slab_wrong_context_init
t_refuses "real log without the fast-path check: no report" "no 'BUG: Invalid wait context'" \
	sh lab/verdict/expect-report.sh $wc_no 'BUG: Invalid wait context' slab_wrong_context_init
t_refuses "a report whose stack names another caller is refused" 'no stack naming some_other_init' \
	sh lab/verdict/expect-report.sh $wc_ok 'BUG: Invalid wait context' some_other_init
t_refuses "expect-report: a bad function name is a usage error" 'not a function name' \
	sh lab/verdict/expect-report.sh $wc_ok 'BUG: Invalid wait context' 'a b'
t_refuses "expect-report: a missing log is an error" 'no console log' \
	sh lab/verdict/expect-report.sh $fx/logs/nonexistent.log 'BUG:' f

t_section "which test caught a broken kernel (lab/verdict/mutation-verdict.sh)"
# mvr [--result] TEST LOG: mutation-verdict.sh on the record of LOG.
mvr() {
	_args=
	while [ $# -gt 1 ]; do _args="$_args $1"; shift; done
	rec "$1" >/dev/null
	# shellcheck disable=SC2086 # an option and a name, not globbed
	(set -f && sh lab/verdict/mutation-verdict.sh $_args "$rec_dir/${1##*/}.json")
}
mv_fs=test_fastpath_stress
t_says "real log: a test that reports not ok caught it" "^$mv_fs reported not ok" \
	mvr $mv_fs $fx/logs/mutation-not-ok.log
mv_sw=test_shrink_while_partial_drains
t_says "real log: an oops while the test ran caught it" \
	"died while $mv_sw ran \(Comm: kunit_try_catch" \
	mvr $mv_sw $fx/logs/mutation-oops-in-test.log
t_says "real log: a hung-task panic while the test ran caught it" \
	"died while $mv_fs ran \(INFO: task .* blocked" \
	mvr $mv_fs $fx/logs/mutation-hung-in-test.log
t_says "a log that stops inside the test (host timeout) caught it" \
	"died while $mv_fs ran \(no report: hung until the timeout\)" \
	mvr $mv_fs $fx/logs/mutation-silent-in-test.log
t_refuses "real log: a test that passed did not catch the oops after it" "$mv_fs passed; the failure was elsewhere" \
	mvr $mv_fs $fx/logs/mutation-oops-in-test.log
t_refuses "a test that never started did not catch it" "$mv_fs never logged its start" \
	mvr $mv_fs $fx/logs/panic-no-init.log
t_refuses "real log: another test's not ok is not this test's" "$mv_sw passed;" \
	mvr $mv_sw $fx/logs/mutation-not-ok.log
t_refuses "mutation-verdict: a bad test name is a usage error" "is not a KUnit test name" \
	mvr 'test.*' $fx/logs/clean.log
t_says "mutation-verdict --result: a job's failed case caught the kernel" "case hackbench_thread_sockets failed" \
	mvr --result hackbench_thread_sockets $fx/logs/guest-case-failed.log
t_refuses "mutation-verdict --result: a job's passed case did not" "hackbench_process_pipes did not fail" \
	mvr --result hackbench_process_pipes $fx/logs/guest-case-failed.log
t_refuses "mutation-verdict --result: a case the job never judged did not" "never judged report_x" \
	mvr --result report_x $fx/logs/clean.log

t_section "latency guard (lab/bench/latency-parse.awk, lab/bench/latency-table.awk, lab/bench/latency.sh)"
lx=$fx/latency
# lparse LOG [CYCLICTEST-OUT]: the parser on LOG ("-": stdin) with the
# recorded build's System.map, cut to the symbols the recorded log needs
# (the parser gives the same rows with the whole map).
lparse() {
	awk -v round=1 -v variant=v -v burst=1000 -v cyclictest="${2:-/dev/null}" \
		-f lab/bench/latency-parse.awk $lx/System.map $lx/slub-functions "$1"
}
# lparse_diff LOG EXPECTED: its sections must be EXPECTED's.
lparse_diff() { lparse "$1" | diff -u "$2" -; }
t_ok "a recorded base-rt-latency log gives the hand-checked sections" lparse_diff $lx/console.log $lx/console.sections
# The guest's summary of the preemption-off histogram, with the guest's
# awk (busybox): per end site outside the toggle (a guard's destructor
# frame skipped), hits and entries summed, the longest kept.
lsites() { sh -c '. guest/trace.sh; awk() { busybox awk "$@"; }; preemptoff_sites' <$lx/preemptoff.hist | diff -u $lx/preemptoff.sites -; }
t_ok "the guest's preemption-off sites from a hand-made histogram" lsites
lct() { lparse "$1" "$T_OUT.ct" >/dev/null && diff -u "$2" "$T_OUT.ct"; }
t_ok "and cyclictest's row (max, p99.9, overflows)" lct $lx/console.log $lx/console.cyclictest
# The recorded log with a hand-made cyclictest histogram: 999 of 1000
# samples at or below 20 us (one overflowed), the largest max 31.
lct_hand() { { grep -v LAB-CYCLICTEST $lx/console.log; cat $lx/cyclictest-block.log; } | lparse - "$T_OUT.ct" >/dev/null &&
	printf '1\tv\t1000\t2\t1000\t31\t20\t1\n' | diff -u - "$T_OUT.ct"; }
t_ok "cyclictest's p99.9 counts an overflowed sample above every bucket" lct_hand
t_refuses "an empty log is refused: the tracers never armed" 'log is empty: the tracers never armed' lparse $lx/empty.log
t_refuses "a guest without the tracers is refused with its reason" 'could not trace: this kernel has no preemptirq' \
	sh -c "echo 'LAB-LATENCY missing: this kernel has no preemptirq events' | awk -f lab/bench/latency-parse.awk $lx/System.map $lx/slub-functions -"
lcut() { sed '/LAB-LATENCY-END irqoff/,$d' $lx/console.log | lparse -; }
t_refuses "a log cut inside the report is refused" 'report is incomplete' lcut
lpcut() { sed '/LAB-LATENCY-END preemptoff/,$d' $lx/console.log | lparse -; }
t_refuses "a log cut inside the preemption-off sites is refused" 'report is incomplete' lpcut
lpsum() { sed 's/hits=30 entries=28/hits=30 entries=27/' $lx/console.log | lparse -; }
t_refuses "preemption-off sites that do not add up to the histogram's entries are refused" \
	'preemptoff histogram has 1723 entries, 1722 were read' lpsum
lgarbled() { sed '/max:       9513/d' $lx/console.log | lparse -; }
t_refuses "a garbled histogram entry is refused, not skipped" 'histogram has 277 entries, 276 were read' lgarbled
# lnoirq: the recorded log as a guest that armed the third histogram
# (noirq=yes) prints it: the preemption-off block again, as the sections no
# interrupt entered.
lnoirq() {
	awk '/LAB-LATENCY armed / { $0 = $0 " noirq=yes" }
		/LAB-LATENCY-BEGIN preemptoff$/ { b = 1; n = 0 }
		b && /LAB-LATENCY preemptoff / { l = $0; sub(/LAB-LATENCY preemptoff /, "LAB-LATENCY preemptoff-noirq ", l); kept[++n] = l }
		{ print }
		/LAB-LATENCY-END preemptoff$/ {
			b = 0
			print "LAB-LATENCY-BEGIN preemptoff-noirq"
			for (i = 1; i <= n; i++) print kept[i]
			print "LAB-LATENCY-END preemptoff-noirq"
		}' $lx/console.log
}
lnoirq_rows() {
	lnoirq | lparse - | awk -F '\t' '$4 == "preemptoff-noirq" { $4 = "preemptoff"; print }' OFS='\t' >"$T_OUT.noirq" &&
		awk -F '\t' '$4 == "preemptoff"' $lx/console.sections | diff -u - "$T_OUT.noirq"
}
t_ok "the sections no interrupt entered (noirq=yes) are read as their own kind" lnoirq_rows
lnoirq_cut() { lnoirq | sed '/LAB-LATENCY-BEGIN preemptoff-noirq/,$d' | lparse -; }
t_refuses "a guest that armed it and printed no such block is refused" 'report is incomplete' lnoirq_cut
lnostext() { grep -v ' _stext$' $lx/System.map >"$T_OUT.map"; awk -f lab/bench/latency-parse.awk "$T_OUT.map" $lx/slub-functions $lx/console.log; }
t_refuses "a System.map without _stext is refused" 'no _stext' lnostext
ltable() { awk -F '\t' -f lab/bench/latency-table.awk $lx/table.sections $lx/table.cyclictest | diff -u $lx/table.expected -; }
t_ok "the tables: longest in mm/slub.c and elsewhere (not the tracer's own, not a sleep), spread over rounds, ratio, SLUB's preemption-off sites, cyclictest" ltable
t_refuses "latency: a bad --time is refused" "--time takes instructions or wall" sh lab/bench/latency.sh --time never
t_refuses "latency: a bad --bursts is refused" "--bursts takes a positive whole number, not 'many'" sh lab/bench/latency.sh --bursts many
t_refuses "latency: --cpus 0 is refused" "--cpus takes a positive whole number" sh lab/bench/latency.sh --cpus 0
t_refuses "latency: --append without its value is refused" "--append needs a value" sh lab/bench/latency.sh --append
t_refuses "latency: a bad --preempt-min is refused" "--preempt-min takes a whole number of ns, not '4us'" sh lab/bench/latency.sh --preempt-min 4us
t_refuses "latency: an unknown variant is refused" 'unknown variant "nosuch"' sh lab/bench/latency.sh --variants nosuch
t_refuses "bench --latency passes its options to latency.sh" "unknown argument '--objects'" sh lab/bench/bench.sh --latency --objects 64

t_section "lock-contention attribution (lab/bench/contention-parse.awk, lab/bench/contention-table.awk, lab/bench/contention-plot.sh)"
cx=$fx/contention
# cparse LOG [MODES]: the parser on LOG ("-": stdin) with the recorded
# build's function list, cut to the names the recorded log's stacks use
# (the parser gives the same rows with the whole list); samples in $T_OUT.s.
cparse() {
	rm -f "$T_OUT.s"
	awk -v round=1 -v variant=v -v samples="$T_OUT.s" -v modes="${2:-process_sockets thread_pipes}" \
		-f lab/bench/contention-parse.awk $cx/functions.tsv "$1"
}
# The recorded log: series-rt-raw (--native-cpu), hackbench -g 4 -l 20 in
# two modes. Checked by hand: unix_stream_sendmsg's RT-lock entry (1141
# acquisitions, 117665092247 ns); SLUB's 81 = put_cpu_partial 48 +
# ___slab_alloc 28 (the cpu_slab local lock, rtlock) + ___slab_alloc 5
# (the raw list_lock, spinlock); the counts of each mode add up to the
# histogram's Hits (4347 and 3538); mmap_write_lock_killable, a static
# function of the same size in fs/exec.o and mm/mmap.o, is placed in
# mm/mmap.o, the object of its caller __vm_munmap.
cparse_diff() { cparse $cx/console.log | diff -u $cx/console.rows - && diff -u $cx/console.samples "$T_OUT.s"; }
t_ok "a recorded series-rt-raw log gives the hand-checked callers and samples" cparse_diff
t_refuses "an empty log is refused" 'no contention runs in the log' cparse /dev/null
t_refuses "a guest without the tracepoints is refused with its reason" 'could not trace: this kernel has no lock contention' \
	sh -c "echo 'LAB-CONTENTION missing: this kernel has no lock contention tracepoints' | awk -f lab/bench/contention-parse.awk $cx/functions.tsv -"
t_refuses "a mode that was not traced is refused" 'mode thread_sockets traced 0 times' \
	cparse $cx/console.log "process_sockets thread_pipes thread_sockets"
ccut() { sed '/Totals:/,$d' $cx/console.log | cparse -; }
t_refuses "a log cut inside a histogram is refused" 'not ended \(log cut short' ccut
cnested() { sed '/LAB-CONTENTION-END process_sockets/d' $cx/console.log | cparse -; }
t_refuses "a block that begins inside another is refused" 'thread_pipes begins inside process_sockets' cnested
cstatus() { sed 's/LAB-CONTENTION-END thread_pipes status=0/LAB-CONTENTION-END thread_pipes status=1/' $cx/console.log | cparse -; }
t_refuses "a traced run that failed is refused" 'run of thread_pipes failed \(status=1\)' cstatus
cgarbled() { sed '/hitcount:       1141/d' $cx/console.log | cparse -; }
t_refuses "an entry without its end is refused, not skipped" 'begins inside another' cgarbled
cnosamples() { cgarbled 2>/dev/null; test ! -s "$T_OUT.s"; }
t_ok "a refused log adds no samples, not even its readable modes'" cnosamples
# The first entry, from its first line to its last, gone.
clost() { sed '0,/, flags:/{/{ stack.stacktrace/,/, flags:/d}' $cx/console.log | cparse -; }
t_refuses "a lost entry is caught by the totals" 'has 165 entries, 164 were read' clost
cdropped() { sed '0,/Dropped: 0/s/Dropped: 0/Dropped: 3/' $cx/console.log | cparse -; }
t_refuses "entries the histogram dropped are refused" 'dropped 3 entries' cdropped
cnoctx() { sed '0,/context-switches/{/context-switches/d}' $cx/console.log | cparse -; }
t_refuses "a traced run without its context switches is refused (the other run's count is not reused)" \
	'no context-switches count for process_sockets' cnoctx
cwronglist() { awk -v modes=process_sockets -f lab/bench/contention-parse.awk /dev/null $cx/console.log; }
t_refuses "a function list that is not the kernel's is refused" 'is not in the function list' cwronglist
ctable() { awk -v order="b a" -f lab/bench/contention-table.awk $cx/table.contention $cx/table.samples | diff -u $cx/table.expected -; }
t_ok "the table: means per run (a run without contention counts), SLUB's share, top callers, variants in the given order" ctable
t_refuses "the table of a run without traced runs is refused" 'no traced runs' \
	awk -f lab/bench/contention-table.awk $cx/table.contention /dev/null
cplot() {
	rm -rf "$T_OUT.d" && mkdir "$T_OUT.d" &&
	cp $cx/table.contention "$T_OUT.d/contention.tsv" && cp $cx/table.samples "$T_OUT.d/samples.tsv" &&
	sh lab/bench/contention-plot.sh "$T_OUT.d" && test -s "$T_OUT.d/contention.png" && test -s "$T_OUT.d/contention.svg" &&
	sed -n 2p "$T_OUT.d/contention.dat" | diff -u - $cx/plot.row
}
t_ok "the plot: bars per run by the caller's object (mm/slub.o first), png and svg" cplot
t_refuses "the plot of a folder without attribution is refused" 'has no contention.tsv' sh lab/bench/contention-plot.sh $cx
t_refuses "bench: --galbraith with an unknown variant is refused" 'unknown variant "nosuch"' \
	sh lab/bench/bench.sh --galbraith --variants nosuch
rm -rf "$T_OUT.s" "$T_OUT.d"

t_section "each step's wall time (lab/lib/steps.sh)"
# timed_row: timed records its step, with the CPU use, and hands on the
# command's status (in a subshell: make check's own LAB_STEPS stays as it
# is).
timed_row() (
	LAB_STEPS=$T_OUT.steps
	: >"$LAB_STEPS"
	timed "a failing step" sh -c 'sleep 1; exit 3'
	[ $? = 3 ] && grep -q -x -E 'a failing step	[0-9]+	([0-9]|[1-9][0-9]|100)' "$LAB_STEPS" && [ "$(wc -l <"$LAB_STEPS")" = 1 ]
)
t_ok "timed records a row and returns the command's status" timed_row
t_ok "without LAB_STEPS, timed runs the command and writes nothing" \
	env -u LAB_STEPS sh -c 'd=$(mktemp -d) && . lab/lib/steps.sh && cd "$d" && timed x touch ran &&
		[ "$(ls -A)" = ran ] && rm -r "$d"'
t_ok "the table: minutes and seconds, parts shown but left out of the total" \
	sh -c ". lab/lib/steps.sh && steps_table $fx/steps/steps.tsv | diff -u $fx/steps/table.expected -"
rm -f "$T_OUT.steps"

t_section "compare tool (tools/compare)"
t_ok "compare: known answers, bad input, csv/json/plot output (tests/compare/run.sh)" sh tests/compare/run.sh
# bench-parse's slub_bench samples (two-decimal ns and cycles, one unit per
# metric) as bench.sh writes them, read by the tool built just above.
bench_to_compare() {
	_d=$(mktemp -d) &&
		{ printf 'round\tvariant\tmetric\tvalue\tunit\tbetter\n'
		  awk -v round=1 -v variant=v -f lab/bench/bench-parse.awk $fx/logs/bench-console.log; } >"$_d/samples.tsv" &&
		tools/compare/compare --format csv "$_d" >"$_d/out" &&
		grep -qx 'kmalloc8_alloc_free_pair,ns,v,1,43.07,43.07,43.07,43.07,,,,' "$_d/out" &&
		grep -qx 'kmalloc8_alloc_free_pair_cycles,cycles,v,1,111.98,111.98,111.98,111.98,,,,' "$_d/out"
	_rc=$?
	cat "$_d/out" 2>/dev/null
	rm -rf "$_d"
	return $_rc
}
t_ok "compare reads bench-parse's slub_bench samples, ns and cycles" bench_to_compare

t_section "JUnit writer (tools/junit)"
t_ok "junit: XSD-valid output, unsafe console text, excerpts, bad input (tests/junit/run.sh)" sh tests/junit/run.sh

# Its own sections and counts; exit 77 is its skip (no lava-common).
sh tests/lava/run.sh --no-summary
case $? in
0 | 1) ;;
77) t_skip "LAVA jobs (tests/lava/run.sh)" "lava-common is not installed (Debian package lava-common)" ;;
*) t_fail "LAVA jobs (tests/lava/run.sh) ran to its end" ;;
esac

if [ $quick = 0 ]; then
	# The two run side by side (each mostly on one core: git, then kconfig),
	# each printing when it ends. Both use the base tree, which must exist
	# first: two scripts must not unpack it at once.
	t_ok "the base and series trees are there" sh lab/series/tree.sh series
	t_refuses "a base tree of another Debian version than the series' is refused" \
		"is not Debian's linux-source-6.12 0.0-0, which the series is based on" \
		env LAB_KERNEL_DEB=0.0-0 sh lab/series/tree.sh base
	rt=$(mktemp)
	timed "  series round trip" sh tests/series-roundtrip.sh >"$rt" 2>&1 &
	t_section "make menuconfig without a person (lab/kernel/menuconfig.sh --edit, lab/kernel/configure.sh)"
	timed "  menuconfig test" sh tests/menuconfig.sh
	t_section "Debian's configuration as a lab build (lab/kernel/configure.sh, config=debian:...)"
	timed "  distro config test" sh tests/distro-config.sh
	wait $!
	t_section "series round trip (lab/series/tree.sh)"
	cat "$rt"
	rm -f "$rt"
fi

[ $summary = 0 ] || t_summary
