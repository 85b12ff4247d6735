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
quick=0 long=0 summary=1
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	--full) long=1 ;; # make check-full: the tests that configure kernels too
	--no-summary) summary=0 ;; # the caller prints the closing line
	*) echo "usage: tests/run.sh [--quick|--full] [--no-summary]" >&2; exit 2 ;;
	esac
done

# fake_build DIR: a build folder of the fixture variant "good" (tree
# series, fragment a) with what a build leaves that the record reads.
fake_build() {
	mkdir -p "$1/series-a/arch/x86/boot" "$1/series-a/include/config" "$1/series-a/selftests" &&
		echo 'not a kernel' >"$1/series-a/arch/x86/boot/bzImage" && echo 'CONFIG_A=y' >"$1/series-a/.config" &&
		echo 6.12.118 >"$1/series-a/include/config/kernel.release" && echo 'a selftest' >"$1/series-a/selftests/slab_sysfs" &&
		printf 'x.c:1: warning: w\nx.c:2: warning: v\n' >"$1/series-a/build.log"
}
t_section "the one console parser and the run's record (lab/verdict/parse.sh, lab/verdict/record.sh)"
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
t_says "a clean run's record: status pass, judged by the guest, to its end" '^1 pass guest 0 end$' \
	rec_field $fx/logs/clean.log '[.schema, .results.status, .results.judged_by, .results.job_status, .results.reached] | join(" ")'
t_says "a clean run's record: every case of the guest's KTAP, in order, counted" '^30 30 topology_numa_nodes splat_scan$' \
	rec_field $fx/logs/clean.log '[(.results.tests | length), .results.counts.pass, .results.tests[0].id, .results.tests[-1].id] | join(" ")'
t_refuses "a case the guest judged failed fails, named" 'the guest judged these cases failed: hackbench_thread_sockets$' \
	rec $fx/logs/guest-case-failed.log
t_says "a failed run's record: status fail, no error code" '^fail null 1$' \
	rec_field $fx/logs/guest-case-failed.log '"\(.results.status) \(.results.error_code) \(.results.counts.fail)"'
t_refuses "the guest's quoted splat is its diagnostic, not a host finding" 'cases failed: splat_scan$' \
	rec $fx/logs/guest-selftest-not-ok.log
t_says "the guest's diagnostics (before its result) are kept with its failed case" '^splat: not ok 3 read 4240 attributes' \
	rec_field $fx/logs/guest-selftest-not-ok.log '.results.tests[] | select(.id == "splat_scan") | .diagnostics[]'
t_refuses "a kernel report printed after the guest's judge read the log fails" \
	"judge did not read|BUG: sleeping function" rec $fx/logs/late-splat.log
t_says "and it is the host's own finding, a report after the judge" '^fail 1 true$' \
	rec_field $fx/logs/late-splat.log '"\(.results.status) \(.results.splats | length) \(.results.reports[0].host_finding)"'
t_refuses "a run whose KTAP is cut short (a judge that broke) fails" 'did not judge its run' \
	rec $fx/logs/no-guest-verdict.log
t_says "its record: incomplete, no verdict" '^incomplete no_verdict host$' \
	rec_field $fx/logs/no-guest-verdict.log '"\(.results.status) \(.results.error_code) \(.results.judged_by)"'
t_refuses "a failed job fails" 'job exited with status=1' rec $fx/logs/job-failed.log
t_refuses "a kernel report in a run the guest never judged fails" 'Invalid wait context' rec $fx/logs/invalid-wait-context.log
t_refuses "real log: raw list_lock nesting the cpu_slab local_lock fails" 'Invalid wait context' \
	rec $fx/logs/raw-list-lock-nesting-local-lock.log
t_refuses "KUnit not ok in a run the guest never judged fails" 'not ok 2 test_next_pointer' rec $fx/logs/kunit-not-ok.log
t_says "the kernel's KUnit cases are then the run's, from the kernel's lines only" '^3 kunit_slub_test_test_next_pointer=fail$' \
	rec_field $fx/logs/kunit-not-ok.log '"\(.results.tests | length) \(.results.tests[1].id)=\(.results.tests[1].result)"'
t_refuses "a panic before the job fails" 'Kernel panic' rec $fx/logs/panic-no-init.log
t_says "a panic before the job: incomplete, crashed" '^incomplete crashed$' \
	rec_field $fx/logs/panic-no-init.log '"\(.results.status) \(.results.error_code)"'
t_refuses "a hung guest's log (no end marker) fails" 'no LAB-JOB-END' rec $fx/logs/hung.log
t_says "QEMU killed by the host's timeout: incomplete, timeout, the guest in its job" '^incomplete timeout job$' \
	rec_field $fx/logs/hung.log '"\(.results.status) \(.results.error_code) \(.results.reached)"' --qemu-exit 124 --timeout 30
t_refuses "QEMU's own failure fails a run that ended" 'qemu exited with status 1' rec $fx/logs/clean.log --qemu-exit 1
t_says "its record: incomplete, qemu" '^incomplete qemu 1$' \
	rec_field $fx/logs/clean.log '"\(.results.status) \(.results.error_code) \(.run.qemu_exit)"' --qemu-exit 1
t_says "real log: a case running when the kernel died has crashed, with its diagnostics and what stopped it" \
	'^crashed kunit_slub_test_test_shrink_while_partial_drains 1 Comm: kunit_try_catch 64 rounds' \
	rec_field $fx/logs/mutation-oops-in-test.log '"\(.results.tests[-1].result) \(.results.running) \(.results.counts.crashed) \(.results.stopped_in) \(.results.tests[-1].diagnostics[0] | ltrimstr("test_shrink_while_partial_drains: "))"'
# No case at all is a failure (kunit.py's NO_TESTS), never a pass.
no_cases() { printf 'LAB-JOB-BEGIN\nLAB-JUDGE\nKTAP version 1\n1..0\nLAB-JOB-END status=0\n' >"$rec_dir/none.log" && rec "$rec_dir/none.log"; }
t_refuses "a run with no case fails" 'no case reported a result' no_cases
# no_cases_fail PARSER: the one status rule (parse.sh, or a broken copy)
# fails a run with no case.
no_cases_fail() { no_cases >/dev/null; [ "$(sh "$1" "$rec_dir/none.log" | jq -r .results.status)" = fail ]; }
t_catches "mutation: parse.sh passing a run with no case is caught" lab/verdict/parse.sh \
	's/elif \$f.counts.total == 0 or \$f.counts.fail/elif $f.counts.fail/' no_cases_fail
# crash_incomplete PARSER: a run without its end marker is incomplete,
# crashed, whatever its cases.
crash_incomplete() { [ "$(sh "$1" $fx/logs/mutation-oops-in-test.log | jq -r '.results | "\(.status) \(.error_code)"')" = "incomplete crashed" ]; }
t_catches "mutation: parse.sh ranking failed cases above a crash is caught" lab/verdict/parse.sh \
	's/elif \$f.ended | not then {status: "incomplete", error_code: "crashed"}/elif ($f.ended | not) and $f.counts.fail == 99 then {status: "incomplete", error_code: "crashed"}/' \
	crash_incomplete
t_refuses "a missing log is an error" 'no console log' rec $fx/logs/nonexistent.log
t_refuses "record.sh without arguments is a usage error" 'usage' sh lab/verdict/record.sh
t_refuses "record.sh: a bad --qemu-exit is a usage error" "takes an exit status" rec $fx/logs/clean.log --qemu-exit x
# Measurements, parse problems and case logs: the parser alone.
t_says "real bench log: measurements as typed blocks, with their labels" \
	'^hackbench hackbench_process_sockets_time 3.816 s lower process_sockets; slub_bench kmalloc8_alloc_free_pair 43.07 ns alloc_free_pair$' \
	sh -c 'sh lab/verdict/parse.sh "$1" | jq -r "([.measurements[0] | .kind, .metric, .value, .unit, .better, .labels.mode] | join(\" \")),
		(.measurements[] | select(.metric == \"kmalloc8_alloc_free_pair\") | [.kind, .metric, .value, .unit, .labels.test] | join(\" \"))" | paste -sd ";" | sed "s/;/; /"' - $fx/logs/bench-console.log
t_says "hackbench's own output is its case's log" '^LAB-HACKBENCH-BEGIN thread_sockets .* Time: 0.398 .* LAB-HACKBENCH-END thread_sockets status=0$' \
	rec_field $fx/logs/clean.log '.results.tests[] | select(.id == "hackbench_thread_sockets") | .log | join(" ")'
# A clean run whose job printed a slub_bench line of an old format.
v1_run() { sed '/^LAB-JUDGE$/i LAB-SLUB-BENCH v1 test=x size=8' $fx/logs/clean.log >"$rec_dir/clean-v1.log" && rec "$rec_dir/clean-v1.log"; }
t_refuses "a line the parser cannot read fails the run, named" 'parse: slub_bench: line [0-9]+: v1 lines skipped: only v2 is read' v1_run
t_says "a parse error's record: incomplete, parse" '^incomplete parse 1$' \
	sh -c 'jq -r "\"\(.results.status) \(.results.error_code) \(.results.parse_errors | length)\"" "$1"' - "$rec_dir/clean-v1.log.json"
t_says "the parser re-runs on an old log with the same answer" '^same$' \
	sh -c 'a=$(sh lab/verdict/parse.sh "$1" | jq -S .) && b=$(sh lab/verdict/parse.sh "$1" | jq -S .) && [ "$a" = "$b" ] && echo same' - $fx/logs/mutation-not-ok.log
# The record of a whole run, before QEMU starts and after it: a fixture
# variant's fake build with its build record, and a recorded console.
whole_record() {
	_w=$(mktemp -d) && fake_build "$_w" && printf '%s\n' qemu-system-x86_64 -accel tcg >"$_w/argv" &&
		LAB_VARIANTS=$fx/variants LAB_CONFIGS=$fx/configs LAB_OBJ=$_w sh -c '. lab/lib/common.sh && load_variant good &&
			build_record "$V_OBJ" pass "$(date +%s)" bzImage' &&
		LAB_VARIANTS=$fx/variants LAB_CONFIGS=$fx/configs LAB_OBJ=$_w sh "${1:-lab/verdict/record.sh}" start --variant good \
			--job $job --purpose check --accel tcg --smp 2 --memory 1G --numa-nodes 1 --timeout 900 --cmdline "console=ttyS0" \
			--argv "$_w/argv" --artifact console=$fx/logs/clean.log --label round=2 "$_w/result.json" &&
		jq -r '"start: \(.results) \(.variant.name) \(.build.results.status) \(.run.qemu_argv | join(" ")) \(.run.timeout_s)"' "$_w/result.json" &&
		sh lab/verdict/record.sh --qemu-exit 0 "$_w/result.json" &&
		jq -r '"end: \(.schema) \(.lab.commit | length) \(.variant.tree) \(.variant.fragments | join(",")) \(.build.source.kernelrelease) \(.run.job) \(.run.purpose) \(.run.qemu_exit) \(.run.labels.round) \(.run.duration_s >= 0) \(.results.status) \(.artifacts.console)"' "$_w/result.json"
	_rc=$?
	rm -rf "$_w"
	return $_rc
}
t_says "before QEMU: the record says what runs (variant, build record, argv, timeout), no results yet" \
	'^start: null good pass qemu-system-x86_64 -accel tcg 900$' whole_record
start_empty() { whole_record "$1" | grep -q '^start: null good '; }
t_catches "mutation: record.sh writing a start record with results is caught" lab/verdict/record.sh \
	's/		 results: null, measurements: \[\],/		 results: {}, measurements: [],/' start_empty
t_says "after it: the run's status and the console's path beside what ran" \
	"^end: 1 40 series a 6.12.118 $job check 0 2 true pass $fx/logs/clean.log\$" whole_record

t_section "the guest's own verdict (guest/judge.sh under busybox, on recorded logs)"
jr() { sh tests/judge-recorded.sh "$@"; }
t_says "a clean run: its KUnit cases pass" '^ok [0-9]+ kunit_slub_test_test_fastpath_stress$' jr $fx/logs/clean.log $job
t_says "a clean run: the suite passes" '^ok [0-9]+ kunit_slub_test$' jr $fx/logs/clean.log $job
t_says "a clean run: test_meminit passes" '^ok [0-9]+ meminit$' jr $fx/logs/clean.log $job
t_says "a clean run: KTAP, its plan first" '^1\.\.29$' jr $fx/logs/clean.log $job
t_refuses "a selftest shipped that never recorded its case fails the requirement" \
	'^# case_selftest_slab_sysfs: the job recorded no such case where it must record pass skip$' \
	env SELFTESTS=$fx/shipped-selftests sh tests/judge-recorded.sh $fx/logs/clean.log $job
t_says "a clean run: every expectation is judged" '^ok [0-9]+ expect_10$' jr $fx/logs/clean.log $job
t_says "a clean run: every case the job must record is judged" '^ok [0-9]+ case_memcg$' jr $fx/logs/clean.log $job
# required_case missing|fail [JUDGE]: the judge (or a broken copy) on the
# clean log with the job's recorded hackbench_process_pipes case removed
# or failed: the requirement must fail.
required_case() {
	_j=$rec_dir/required.log
	if [ "$1" = fail ]; then
		sed 's/^ok 2 hackbench_process_pipes$/not ok 2 hackbench_process_pipes/' $fx/logs/clean.log >"$_j"
	else
		sed '/^ok 2 hackbench_process_pipes$/d' $fx/logs/clean.log >"$_j"
	fi
	JUDGE=${2:-guest/judge.sh} sh tests/judge-recorded.sh "$_j" $job
}
t_refuses "a case the job must record but did not fails its requirement" \
	'^# case_hackbench_process_pipes: the job recorded no such case where it must record pass$' required_case missing
t_refuses "a case the job must pass but recorded failed fails its requirement" \
	'^# case_hackbench_process_pipes: the job recorded fail where it must record pass$' required_case fail
required_missing() { ! required_case missing "$1" | grep -q '^ok [0-9]* case_hackbench_process_pipes$'; }
t_catches "mutation: judge.sh taking a case never recorded as passed is caught" guest/judge.sh \
	's/_ok=${_got:+1}/_ok=1/' required_missing
t_says "a clean run: the splat scan passes" '^ok [0-9]+ splat_scan$' jr $fx/logs/clean.log $job
t_refuses "a failed KUnit case is named" '^not ok [0-9]+ kunit_slub_test_test_next_pointer$' \
	jr $fx/logs/kunit-not-ok.log $job
t_refuses "a skipped KUnit case is a skip" '^ok [0-9]+ kunit_slub_test_test_kfree_rcu # SKIP$' \
	jr $fx/logs/mutation-not-ok.log $job
t_refuses "a kernel splat fails the scan and is quoted" '^# splat: BUG: sleeping function called' \
	jr $fx/logs/sleeping-in-atomic.log $job
t_refuses "a missing test_meminit line fails its expectation" '^not ok [0-9]+ expect_8$' \
	jr $fx/logs/meminit-missing.log $job
t_refuses "a log where no test ran fails its expectation" '^# expect_1: no line matches /ok \[0-9\]\+ slub_test/' \
	jr $fx/logs/never-ran.log $job
# A job's expectations read what the kernel and programs print: what a
# lab helper finds is its case (#lab-case), never a line the judge looks
# for. The only LAB- lines expected are the guest modules' own (printk).
expected_markers() {
	_bad=
	for _m in $(cat guest/jobs/*.sh lab/*/*.sh | sed -n 's/.*#lab-expect: \(LAB-[A-Z-]*\).*/\1/p' | sort -u); do
		grep -q "pr_info(\"$_m " guest/modules/*.c || _bad="$_bad $_m"
	done
	[ -z "$_bad" ] || { echo "expected, but printed by the lab's scripts:$_bad"; return 1; }
}
t_ok "no job expects a line the lab's own scripts print (a LAB- line expected is a guest module's)" expected_markers
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
# Recorded from the kernel's runner on stand-in tests (the fixture says how).
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
t_refuses "check-sheaves takes no arguments" 'takes no arguments' sh lab/check/check-sheaves.sh now
t_refuses "bisect-build: an unknown argument is a usage error" "unknown argument '--frobnicate'" sh lab/series/bisect-build.sh --frobnicate
t_refuses "bisect-build: LAB_BISECT_FROM that is not a patch number is a usage error" "LAB_BISECT_FROM='0': expected a patch number from 1" \
	env LAB_BISECT_FROM=0 sh lab/series/bisect-build.sh --sheaves
t_refuses "kunit-uml: an unknown argument is a usage error" "unknown argument '--series'" sh lab/check/kunit-uml.sh --series
t_refuses "kunit-uml: two arguments are a usage error" "expected at most one argument" sh lab/check/kunit-uml.sh --sheaves --sheaves
t_refuses "build: an unknown tree is refused" "tree must be 'base', 'series', 'mainline', 'sheaves', 'series@REV\[:N\]' .*'series\+MUTATION' or 'sheaves\+EXPERIMENT'" \
	tv variants sh lab/kernel/build.sh bad-tree
t_ok "a variant of an earlier revision builds in a folder make takes (no ':')" \
	sh -c "LAB_VARIANTS=$fx/variants LAB_CONFIGS=$fx/configs sh lab/kernel/variants.sh earlier | grep -qx 'build=.*/series-0123456789ab-1-a'"
t_refuses "build: a tree at a revision that moves (HEAD) is refused" "not 'series@HEAD'" \
	tv variants sh lab/kernel/build.sh moving-rev
t_refuses "tree: series@ a revision the lab does not have is refused" "'0000000' is not a commit of the lab" \
	sh lab/series/tree.sh series@0000000
t_refuses "tree: series+ a mutation tests/mutations/ does not have is refused" "expected series\+MUTATION" \
	sh lab/series/tree.sh series+no-such-mutation
t_refuses "build: a tree series+ naming no mutation is refused" "names no patch tests/mutations/no-such.patch" \
	sh -c "printf 'tree=series+no-such\nfragments=guest\n' >$T_OUT.v && mkdir -p $T_OUT.d && mv $T_OUT.v $T_OUT.d/x.variant && LAB_VARIANTS=$T_OUT.d sh lab/kernel/variants.sh x"
t_refuses "tree: sheaves+ an experiment experiments-7.3/ does not have is refused" "expected sheaves\+EXPERIMENT" \
	sh lab/series/tree.sh sheaves+no-such-experiment
t_refuses "build: a tree sheaves+ naming no experiment is refused" "names no patch experiments-7.3/no-such.patch" \
	sh -c "printf 'tree=sheaves+no-such\nfragments=guest\n' >$T_OUT.v && mkdir -p $T_OUT.d && mv $T_OUT.v $T_OUT.d/x.variant && LAB_VARIANTS=$T_OUT.d sh lab/kernel/variants.sh x"
t_says "an experiment's tree has a folder of its own (tree_dir sheaves+EXPERIMENT)" "^$PWD/build/src/sheaves\\+an-experiment\$" \
	env LAB_WORK="$PWD/build" sh -c '. lab/lib/common.sh && tree_dir sheaves+an-experiment'
# every_experiment_built: each patch of experiments-7.3/ has a variant,
# each such variant builds from that experiment's tree, and no variant
# names an experiment that is not there.
every_experiment_built() {
	for _p in experiments-7.3/*.patch; do
		[ -e "$_p" ] || continue
		_e=$(basename "$_p" .patch)
		_vs=$(grep -lx "tree=sheaves+$_e" variants/*.variant) || { echo "no variant builds $_e"; return 1; }
		for _v in $_vs; do
			sh lab/kernel/variants.sh "$(basename "$_v" .variant)" | grep -q "^build=.*/sheaves+$_e-" ||
				{ echo "$_v does not build in a folder of sheaves+$_e"; return 1; }
		done
	done
	for _v in $(grep -l '^tree=sheaves+' variants/*.variant); do
		_e=$(sed -n 's/^tree=sheaves+//p' "$_v")
		[ -f "experiments-7.3/$_e.patch" ] || { echo "$_v builds a missing experiment $_e"; return 1; }
	done
}
t_ok "every experiment of experiments-7.3/ has a variant, which builds in a folder of its own, and every experiment variant its patch" every_experiment_built
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
t_refuses "tree: an unknown sheaves command is a usage error" "unknown sheaves command 'frobnicate'" sh lab/series/tree.sh sheaves frobnicate
t_refuses "checkpatch: an unknown series is a usage error" "unknown series 'frobnicate'" sh lab/series/checkpatch.sh frobnicate

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
t_says "make check's matrix: the three debug builds x 4 boots, and the non-RT build fully preemptible" \
	'^13 series-nonrt-debug .* series-nonrt-debug-preempt .* series-rt-raw-debug-nocpupartial $' \
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

t_section "bench samples: a record's measurements as tools/compare reads them (lab/verdict/measure.awk, lab/bench/samples.jq)"
# table_of LOG TABLE [SAMPLES-JQ]: LOG recorded (the variant named v), then
# TABLE of lab/bench/samples.jq (or a broken copy); values read as numbers
# (a record keeps numbers: 8288.90 is 8288.9).
table_of() {
	rec "$1" >/dev/null
	jq '.variant = {name: "v"}' "$rec_dir/${1##*/}.json" >"$rec_dir/v.json" &&
		jq -n -r --arg table "$2" -f "${3:-lab/bench/samples.jq}" "$rec_dir/v.json" | numbers
}
# numbers: TSV rows with their numeric columns as jq writes numbers.
numbers() { jq -R -r 'split("\t") | map(tonumber? // .) | @tsv'; }
# same_table LOG TABLE EXPECTED [SAMPLES-JQ]: the table is EXPECTED's.
same_table() { numbers <"$3" >"$rec_dir/want" && table_of "$1" "$2" "${4:-}" | diff -u "$rec_dir/want" -; }
t_ok "a real bench console log gives the hand-checked samples" \
	same_table $fx/logs/bench-console.log samples $fx/logs/bench-console.samples
t_ok "a console log without results gives no samples" sh -c \
	"test -z \"\$(sh lab/verdict/parse.sh $fx/logs/panic-no-init.log | jq -r '.measurements[]')\""
t_ok "slub_bench v2 lines without cycles (not x86) give ns samples only" \
	same_table $fx/logs/bench-slub-nocycles.log samples $fx/logs/bench-slub-nocycles.samples
t_says "slub_bench v1 lines are a parse error of the record" \
	'^slub_bench: line 3: v1 lines skipped: only v2 is read' \
	sh -c "sh lab/verdict/parse.sh $fx/logs/bench-slub-v1.log | jq -r '.results.parse_errors[]'"
t_ok "slub_bench v1 lines give no samples" sh -c \
	"test -z \"\$(sh lab/verdict/parse.sh $fx/logs/bench-slub-v1.log | jq -r '.measurements[]')\""
t_says "a slub_bench v2 test line without its ns fields is a parse error" 'a v2 line without \*_ns_med fields' \
	sh -c "echo 'LAB-SLUB-BENCH v2 test=bulk size=8 cpu=0 n=64 reps=5 alloc=3' >$rec_dir/nons.log &&
		sh lab/verdict/parse.sh $rec_dir/nons.log | jq -r '.results.parse_errors[]'"
# From a mainline-rt-stats boot's console (7.3 with SLUB_STATS), and the
# line the guest prints when it cannot clear the counters (no sample).
t_ok "SLUB_STATS counts of a traced run become slubstats_MODE_COUNTER samples" \
	same_table $fx/logs/bench-slub-stats.log samples $fx/logs/bench-slub-stats.samples
t_says "each run's status as tools/compare names it: pass ok, fail failed, a timeout timeout, a crash crashed" \
	'^1	v	ok	.*clean.log 1	v	failed	.*guest-case-failed.log 1	v	timeout	.*hung.log 1	v	crashed	.*panic-no-init.log $' \
	sh -c 'for l in clean guest-case-failed hung panic-no-init; do
			q=; [ $l = hung ] && q="--qemu-exit 124"
			sh lab/verdict/record.sh $q '$fx'/logs/$l.log '$rec_dir'/st.json >/dev/null
			jq ".variant = {name: \"v\"}" '$rec_dir'/st.json | jq -n -r --arg table status -f lab/bench/samples.jq | tr "\n" " "
		done'
t_catches "mutation: samples.jq reading a measurement's value from its labels is caught" lab/bench/samples.jq \
	's/| \[\$r, \$v, .metric, .value, .unit, .better\]/| [$r, $v, .metric, .labels.size, .unit, .better]/' \
	same_table $fx/logs/bench-console.log samples $fx/logs/bench-console.samples
# measured AWK LOG EXPECTED: the measurements of measure.awk (or a broken
# copy) alone, as samples, are EXPECTED's.
measured() {
	numbers <"$3" >"$rec_dir/want" &&
		awk -f "$1" "$2" | awk -F '\t' -v OFS='\t' '$1 == "m" { print 1, "v", $3, $4, $5, $6 }' | numbers |
		diff -u "$rec_dir/want" -
}
measured_console() { measured "$1" $fx/logs/bench-console.log $fx/logs/bench-console.samples; }
t_ok "measure.awk alone gives those samples" measured_console lab/verdict/measure.awk
t_catches "mutation: measure.awk reading slub_bench's minimum, not its median, is caught" lab/verdict/measure.awk \
	's/v\[field "_" unit "_med"\], unit, "lower"/v[field "_" unit "_min"], unit, "lower"/' \
	measured_console
t_refuses "bench: a bad --time is refused" "--time takes wall, instructions or both" sh lab/bench/bench.sh --time never
t_refuses "bench: a bad --rounds is refused" "--rounds takes a positive whole number" sh lab/bench/bench.sh --rounds 0
t_refuses "bench: fewer --objects than one bulk batch is refused" "--objects must be at least 64" sh lab/bench/bench.sh --objects 10
t_refuses "mutation: a variant of the base tree is refused" "is not built from the series tree" sh lab/check/mutation.sh base-rt
t_refuses "mutation: a bad --boots is refused" "--boots takes a positive whole number, not 'twice'" \
	sh lab/check/mutation.sh --boots twice
t_refuses "mutation: a bad --stress-ms is refused" "--stress-ms takes a positive whole number, not '5s'" \
	sh lab/check/mutation.sh --stress-ms 5s
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
# rte_compare [COMPARE]: compare.sh (or a broken copy) on two results
# folders of the fixtures, as rt-eval.sh leaves them: cyclictest's record
# and the run's record (record.jq, as rt-eval.sh calls it).
rte_tmp=$(mktemp -d)
rte_compare() {
	for _k in 2000 100; do
		mkdir -p "$rte_tmp/$_k" &&
			cp $rte/cyclictest-$_k.json "$rte_tmp/$_k/cyclictest.json" &&
			printf 'pass\tcyclictest\t\npass\tload_hackbench\t\n' >"$rte_tmp/$_k/cases.tsv" &&
			jq -n -f lab/rt-eval/record.jq --rawfile cases "$rte_tmp/$_k/cases.tsv" --rawfile summary $rte/cyclictest-$_k.summary \
				--arg kernel "6.12.118-rt-$_k" --arg cmdline "BOOT_IMAGE=x" --arg package "" \
				--argjson started 0 --argjson ended 60 --arg params "duration=1m limit=$_k" >"$rte_tmp/$_k/result.json" ||
			return 1
	done
	sh "${1:-lab/rt-eval/compare.sh}" "$rte_tmp/2000" "$rte_tmp/100"
}
t_says "compare: one row a kernel, the worst CPU's figures, max against the first" \
	'^6\.12\.118-rt-100 +3989 +1870 +>=100 +>=100 +1\.54$' rte_compare
t_says "rt-eval's record: its checks as cases, a percentile beyond the histogram at least its limit" \
	'^pass 2 cyclictest 0 p99 100 true$' \
	sh -c 'jq -r "first(.measurements[] | select(.metric == \"p99\")) as \$p | [.results.status, .results.counts.pass, .results.tests[0].id, \$p.labels.cpu, \$p.metric, \$p.value, \$p.at_least] | join(\" \")" '"$rte_tmp"'/100/result.json'
rte_compare_ok() { rte_compare "$1" | grep -qE '^6\.12\.118-rt-100 +3989 +1870 +>=100 +>=100 +1\.54$'; }
t_catches "mutation: compare.sh taking a CPU's best max for the worst is caught" lab/rt-eval/compare.sh \
	's/max_by(.value + (if .at_least then 0.5 else 0 end))/min_by(.value)/' rte_compare_ok
rte_machine() {
	jq -n -c -f lab/rt-eval/record.jq --rawfile cases /dev/null --rawfile summary /dev/null \
		--arg kernel k --arg cmdline c --arg package "" --argjson started 0 --argjson ended 1 --arg params "" \
		--arg cpu "QEMU Virtual CPU" --arg cpus 4 --arg memory "8000 kB" --arg realtime 1 \
		--arg cpu_partial 0 --arg slab_cpu_partial "" | jq -c .run.machine
}
t_says "rt-eval's record: the machine it ran on and the series' knobs (the report's identity)" \
	'^\{"cpu":"QEMU Virtual CPU","cpus":4,"memory":"8000 kB","realtime":"1","cpu_partial":"0","slab_cpu_partial":null\}$' rte_machine
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

t_section "a required kernel report and its caller, in the record (lab/verdict/expect-report.sh)"
wc_ok=$fx/logs/wrong-context-reported.log wc_no=$fx/logs/wrong-context-silent.log
# er [EXPECT-REPORT] LOG REPORT FUNCTION: expect-report.sh (or a broken
# copy) on LOG's record.
er() {
	_er=lab/verdict/expect-report.sh
	[ $# = 4 ] && { _er=$1; shift; }
	rec "$1" >/dev/null
	sh "$_er" "$rec_dir/${1##*/}.json" "$2" "$3"
}
t_says "real log: lockdep's Invalid wait context names the caller" 'for slab_wrong_context_init' \
	er $wc_ok 'BUG: Invalid wait context' slab_wrong_context_init
t_says "real log: the might-sleep report names the caller" 'for slab_wrong_context_init' \
	er $wc_ok 'BUG: sleeping function called from invalid context' slab_wrong_context_init
t_refuses "real log without the fast-path check: no report" "no 'BUG: Invalid wait context'" \
	er $wc_no 'BUG: Invalid wait context' slab_wrong_context_init
t_refuses "a report whose stack names another caller is refused" 'no stack naming some_other_init' \
	er $wc_ok 'BUG: Invalid wait context' some_other_init
# A WARN with a message (the series' hard-interrupt check): the message
# comes before the WARNING line, after "cut here".
warn_log() {
	{ sed '/^LAB-JOB-BEGIN/,$d' $wc_no
	  printf '%s\n' '[    9.100000] ------------[ cut here ]------------' \
		'[    9.100001] slab call in hard interrupt or NMI context on PREEMPT_RT' \
		'[    9.100002] WARNING: CPU: 0 PID: 0 at mm/slub.c:4242 slab_hardirq_check+0x41/0x50' \
		'[    9.100003] Call Trace:' '[    9.100004]  <IRQ>' \
		'[    9.100005]  slab_wrong_context_hardirq+0x1c/0x40 [slab_wrong_context]' '[    9.100006]  </IRQ>'
	  sed -n '/^LAB-JOB-BEGIN/,$p' $wc_no; } >"$rec_dir/warn.log"
	er "$@"
}
t_says "a WARN's message, printed before its WARNING line, names the report" 'for slab_wrong_context_hardirq' \
	warn_log "$rec_dir/warn.log" 'slab call in hard interrupt or NMI context on PREEMPT_RT' slab_wrong_context_hardirq
# A real boot's record (tests/fixtures/records/: series-rt-debug, v4 work
# in progress, the wrong-context job from a hard interrupt): the series'
# WARN, lockdep's and the might-sleep check's reports, each naming the
# interrupt's function.
wch=$fx/records/wrong-context-hardirq/result.json
t_ok "real record: the hard-interrupt WARN's message names slab_wrong_context_hardirq" \
	sh lab/verdict/expect-report.sh $wch 'slab call in hard interrupt or NMI context on PREEMPT_RT' slab_wrong_context_hardirq
t_ok "real record: and lockdep's Invalid wait context names it too" \
	sh lab/verdict/expect-report.sh $wch 'BUG: Invalid wait context' slab_wrong_context_hardirq
t_refuses "expect-report: a bad function name is a usage error" 'not a function name' \
	sh lab/verdict/expect-report.sh "$rec_dir/warn.log.json" 'BUG: Invalid wait context' 'a b'
t_refuses "expect-report: a missing record is an error" 'no run record' \
	sh lab/verdict/expect-report.sh $fx/logs/nonexistent.json 'BUG:' f
t_refuses "expect-report: a console log is not a record" 'is not a finished run.s record' \
	sh lab/verdict/expect-report.sh $wc_ok 'BUG:' f
# er_other ER: a report that is not in the log is not found, though
# another report's stack names the function.
er_other() { ! er "$1" $wc_ok 'BUG: no such report' slab_wrong_context_init; }
t_ok "a report the log does not have is not found, whatever other stacks name" er_other lab/verdict/expect-report.sh
t_catches "mutation: expect-report.sh taking any report for the one asked is caught" lab/verdict/expect-report.sh \
	's/select((.text | contains($r)) or ((.message \/\/ "") | contains($r)))/select(true)/' er_other

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
# mvr_crash VERDICT: the crashed case of the recorded oops, read by
# mutation-verdict.sh (or a broken copy).
mvr_crash() { rec $fx/logs/mutation-oops-in-test.log >/dev/null; sh "$1" $mv_sw "$rec_dir/mutation-oops-in-test.log.json"; }
t_ok "mutation-verdict reads a crashed case as caught" mvr_crash lab/verdict/mutation-verdict.sh
t_catches "mutation: mutation-verdict.sh taking a crashed case for a pass is caught" lab/verdict/mutation-verdict.sh \
	's/^crashed)$/crashed_never)/' mvr_crash

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
# A guard log of series v4 (guest/trace.sh with every entry hooked and
# counted, lat_calibrate loaded; System.map cut to the symbols it needs).
l4=$fx/latency-v4
lparse4() {
	awk -v round=1 -v variant=v -v burst=1000 -v cyclictest=/dev/null \
		-f lab/bench/latency-parse.awk $l4/System.map $l4/slub-functions "$1"
}
t_ok "a recorded v4 guard log gives its sections, lat_calibrate's as the floor and the entries by kind" \
	sh -c "$(command -v awk) -v round=1 -v variant=v -v burst=1000 -v cyclictest=/dev/null -f lab/bench/latency-parse.awk $l4/System.map $l4/slub-functions $l4/console.log | diff -u $l4/console.sections -"
t_says "lat_calibrate's empty interrupts-off sections are the calibration's, named by the module's place" \
	'^1	v	1000	irqoff	1567	20000	calibration	lat_calibrate	' lparse4 $l4/console.log
t_says "the local timer entered 30530 preemption-off sections" '^1	v	1000	entry	0	30530	no	irq_vectors/local_timer_entry' \
	lparse4 $l4/console.log
lnoentry() { grep -v 'LAB-LATENCY entry [0-9]' $l4/console.log | lparse4 -; }
t_refuses "a noirq report in which no entry came inside a section is refused: its exclusion never ran" \
	'preemptoff-noirq exclusion did not run' lnoentry
lnoentries() { sed '/LAB-LATENCY-BEGIN entries/,/LAB-LATENCY-END entries/d' $l4/console.log | lparse4 -; }
t_refuses "a noirq report without the count of entries is refused" 'no count of the entries' lnoentries
lunnamed() { grep -v 'LAB-LATENCY entry-kind 1 ' $l4/console.log | lparse4 -; }
t_refuses "an entry of a kind the guest never named is refused" 'kind 1, which the guest never named' lunnamed
t_refuses "a System.map without _stext is refused" 'no _stext' lnostext
# ltable [TABLE-AWK]: latency-table.awk (or a broken copy) on the fixture.
ltable() { awk -F '\t' -f "${1:-lab/bench/latency-table.awk}" $lx/table.sections $lx/table.cyclictest | diff -u $lx/table.expected -; }
t_ok "the tables: longest in mm/slub.c and elsewhere (not the tracer's own, not a sleep), spread over rounds, ratio, SLUB's preemption-off sites, cyclictest" ltable
t_catches "mutation: latency-table.awk dividing elsewhere by SLUB is caught" lab/bench/latency-table.awk \
	's|hi\[k, "slub"\] / hi\[k, "other"\]|hi[k, "other"] / hi[k, "slub"]|' ltable
t_catches "mutation: latency-table.awk taking the nested calibration for the empty floor is caught" lab/bench/latency-table.awk \
	's|f = \$10 ~ /^lat_calibrate_nested/ ? "nested" : "empty"|f = "empty"|' ltable
t_refuses "latency: a bad --time is refused" "--time takes instructions or wall" sh lab/bench/latency.sh --time never
t_refuses "latency: a bad --bursts is refused" "--bursts takes a positive whole number, not 'many'" sh lab/bench/latency.sh --bursts many
t_refuses "latency: --cpus 0 is refused" "--cpus takes a positive whole number" sh lab/bench/latency.sh --cpus 0
t_refuses "latency: --append without its value is refused" "--append needs a value" sh lab/bench/latency.sh --append
t_refuses "latency: a bad --preempt-min is refused" "--preempt-min takes a whole number of ns, not '4us'" sh lab/bench/latency.sh --preempt-min 4us
t_refuses "latency: an unknown variant is refused" 'unknown variant "nosuch"' sh lab/bench/latency.sh --variants nosuch
t_refuses "latency: a bad --tracer is refused" "--tracer takes on or off, not 'maybe'" sh lab/bench/latency.sh --tracer maybe
t_refuses "latency: --burst-args takes module parameters only" "--burst-args takes slab_burst's NAME=VALUE parameters, not 'bulk=1;reboot'" \
	sh lab/bench/latency.sh --burst-args 'bulk=1;reboot'
t_refuses "bench --latency passes its options to latency.sh" "unknown argument '--objects'" sh lab/bench/bench.sh --latency --objects 64

# The guard's report through the one parser into the record, and the
# tables the guard makes from records (lab/bench/samples.jq).
# lrecord LOG MAP-FOLDER [SAMPLES-JQ]: LOG recorded (variant v, round 1,
# burst 1000) with the System.map and slub functions of MAP-FOLDER; its
# sections and cyclictest rows in $rec_dir/l.sections, l.cyclictest.
lrecord() {
	sh lab/verdict/record.sh --system-map "$2/System.map" --slub-functions "$2/slub-functions" "$1" "$rec_dir/l.json" >/dev/null
	jq '.variant = {name: "v"} | .run.labels = {round: "1", burst: "1000"}' "$rec_dir/l.json" >"$rec_dir/lv.json" &&
		jq -n -r --arg table sections -f "${3:-lab/bench/samples.jq}" "$rec_dir/lv.json" >"$rec_dir/l.sections" &&
		jq -n -r --arg table cyclictest -f "${3:-lab/bench/samples.jq}" "$rec_dir/lv.json" >"$rec_dir/l.cyclictest"
}
lrecord_same() {
	lrecord $l4/console.log $l4 "${1:-}" && diff -u $l4/console.sections "$rec_dir/l.sections" &&
		lrecord $lx/console.log $lx "${1:-}" && diff -u $lx/console.sections "$rec_dir/l.sections" &&
		diff -u $lx/console.cyclictest "$rec_dir/l.cyclictest"
}
t_ok "the recorded guard logs (v4 and before) give the same sections and cyclictest row through their records" lrecord_same
t_catches "mutation: samples.jq giving a section its count for its length is caught" lab/bench/samples.jq \
	's/\[\$r, \$v, \$b, .labels.section, .max, .count,/[$r, $v, $b, .labels.section, .count, .count,/' lrecord_same
lrecord_cut() { sed '/LAB-LATENCY-END irqoff/,$d' $lx/console.log >"$rec_dir/lcut.log" && lrecord "$rec_dir/lcut.log" $lx; jq -r '"\(.results.error_code) \(.results.parse_errors[0]) \(.measurements | map(select(.kind == "latency")) | length)"' "$rec_dir/l.json"; }
t_says "a guard log cut inside its report: a parse error of the record, and no section" '^(parse|crashed) latency: the report is incomplete .* 0$' lrecord_cut
# latency.sh --tables: the guard's tables made from records alone, as
# latency-table.awk makes them from the rows the parser gives.
ltables() {
	_l=$(mktemp -d) && mkdir -p "$_l/r1/v-1000" && lrecord $l4/console.log $l4 &&
		cp "$rec_dir/lv.json" "$_l/r1/v-1000/result.json" && echo 'accel=tcg time=instructions cpus=1' >"$_l/meta" &&
		sh "$1" --tables "$_l" >"$_l/out" 2>&1 &&
		{ printf 'round\tvariant\tburst\tkind\tmax_ns\tcount\tslub\tstart\tstart_caller\tend\tend_caller\n'; cat $l4/console.sections; } >"$_l/want.sections" &&
		awk -F '\t' -f lab/bench/latency-table.awk "$_l/want.sections" "$_l/cyclictest.tsv" >"$_l/want.table" &&
		sed -n '2,$p' "$_l/table.txt" | sed '/^cyclictest under TCG/,$d' | diff -u "$_l/want.table" - &&
		[ "$(cut -f4 "$_l/status.tsv" | tail -n 1)" = ok ]
	_rc=$?
	rm -rf "$_l"
	return $_rc
}
t_ok "latency --tables: sections, cyclictest, status and the tables from records alone" ltables lab/bench/latency.sh
t_catches "mutation: latency.sh leaving the sections out of its records' tables is caught" lab/bench/latency.sh \
	's/	for t in sections cyclictest runs notes; do/	for t in cyclictest runs notes; do/' ltables

t_section "lock-contention attribution, read once into the record (lab/verdict/contention.awk; lab/bench/samples.jq, contention-table.awk, contention-plot.sh)"
cx=$fx/contention
# cparse LOG: the one parser on LOG ("-": stdin) with the recorded build's
# function list, cut to the names the recorded log's stacks use (the
# parser gives the same rows with the whole list); prints its parse errors.
cparse() {
	if [ "$1" = - ]; then cat >"$rec_dir/c.log"; else cp "$1" "$rec_dir/c.log"; fi
	sh lab/verdict/parse.sh --functions $cx/functions.tsv "$rec_dir/c.log" >"$rec_dir/c.json" &&
		jq -r '.results.parse_errors[]' "$rec_dir/c.json"
}
# ctables LOG [SAMPLES-JQ]: LOG recorded with the function list, then the
# contention rows and the contention samples of samples.jq (or a broken
# copy), as the bench writes contention.tsv and samples.tsv.
ctables() {
	cp "$1" "$rec_dir/c.log" && sh lab/verdict/record.sh --functions $cx/functions.tsv "$rec_dir/c.log" "$rec_dir/c.json" >/dev/null
	jq '.variant = {name: "v"}' "$rec_dir/c.json" >"$rec_dir/cv.json" &&
		jq -n -r --arg table contention -f "${2:-lab/bench/samples.jq}" "$rec_dir/cv.json" | numbers >"$rec_dir/rows" &&
		jq -n -r --arg table samples -f "${2:-lab/bench/samples.jq}" "$rec_dir/cv.json" | grep '	contention_' | numbers >"$rec_dir/samples"
}
# The recorded log: series-rt-raw (--native-cpu), hackbench -g 4 -l 20 in
# two modes. Checked by hand: unix_stream_sendmsg's RT-lock entry (1141
# acquisitions, 117665092247 ns); SLUB's 81 = put_cpu_partial 48 +
# ___slab_alloc 28 (the cpu_slab local lock, rtlock) + ___slab_alloc 5
# (the raw list_lock, spinlock); the counts of each mode add up to the
# histogram's Hits (4347 and 3538); mmap_write_lock_killable, a static
# function of the same size in fs/exec.o and mm/mmap.o, is placed in
# mm/mmap.o, the object of its caller __vm_munmap.
cparse_diff() {
	ctables $cx/console.log "${1:-}" && numbers <$cx/console.rows | diff -u - "$rec_dir/rows" &&
		numbers <$cx/console.samples | diff -u - "$rec_dir/samples"
}
t_ok "a recorded series-rt-raw log gives the hand-checked callers and samples, through its record" cparse_diff
t_catches "mutation: samples.jq pairing a caller's count with another's wait is caught" lab/bench/samples.jq \
	's/\.rows\[\$k\] += {(\$x\.metric): \$x\.value, labels: \$x\.labels}/.rows[$k] += {($x.metric): $x.value, labels: $x.labels} | .rows[$k].wait = 1/' \
	cparse_diff
t_catches "mutation: contention.awk charging a stack to its first frame is caught" lab/verdict/contention.awk \
	's|if (o ~ /^kernel\\/(locking\|trace)\\//)|if (0)|' \
	sh -c 'sed "s|\$verdict/contention.awk|$1|" lab/verdict/parse.sh >lab/verdict/.mutant-parse.sh &&
		sh lab/verdict/.mutant-parse.sh --functions '$cx'/functions.tsv '$cx'/console.log >'$rec_dir'/m.json
		rm -f lab/verdict/.mutant-parse.sh
		[ "$(jq "[.measurements[] | select(.labels.caller == \"unix_stream_sendmsg\")] | length" '$rec_dir'/m.json)" = 2 ]' -
# The bench's guest job expects each mode traced once, with a run that
# ended well: its judge fails a log without them (a mode not traced, or
# no contention at all).
bench_job() { sh lab/bench/bench.sh --print-job; }
t_says "the bench job requires each hackbench mode traced once, ended with status 0" \
	'^#lab-case: contention.thread_pipes$' bench_job
no_modes() { bench_job >"$rec_dir/bench-job.sh" && sh tests/judge-recorded.sh "$1" "$rec_dir/bench-job.sh"; }
t_refuses "a log without contention fails the bench job's requirements (the judge)" \
	'^# case_contention_process_sockets: the job recorded no such case where it must record pass$' no_modes $fx/logs/clean.log
cmissing() { echo 'LAB-CONTENTION missing: this kernel has no lock contention tracepoints' | cparse -; }
t_says "a guest without the tracepoints is a parse error, with its reason" 'could not trace: this kernel has no lock contention' cmissing
# Each log the attribution cannot read is a parse error of its record.
ccut() { sed '/Totals:/,$d' $cx/console.log | cparse -; }
t_says "a log cut inside a histogram is a parse error" 'not ended \(log cut short' ccut
cnested() { sed '/LAB-CONTENTION-END process_sockets/d' $cx/console.log | cparse -; }
t_says "a block that begins inside another is a parse error" 'thread_pipes begins inside process_sockets' cnested
cstatus() { sed 's/LAB-CONTENTION-END thread_pipes status=0/LAB-CONTENTION-END thread_pipes status=1/' $cx/console.log | cparse -; }
t_says "a traced run that failed is a parse error" 'run of thread_pipes failed \(status=1\)' cstatus
cgarbled() { sed '/hitcount:       1141/d' $cx/console.log | cparse -; }
t_says "an entry without its end is a parse error, not skipped" 'begins inside another' cgarbled
cnosamples() { cgarbled >/dev/null && [ "$(jq '[.measurements[] | select(.kind == "contention")] | length' "$rec_dir/c.json")" = 0 ]; }
t_ok "a log it cannot read adds no measurement, not even its readable modes'" cnosamples
# The first entry, from its first line to its last, gone.
clost() { sed '0,/, flags:/{/{ stack.stacktrace/,/, flags:/d}' $cx/console.log | cparse -; }
t_says "a lost entry is caught by the totals" 'has 165 entries, 164 were read' clost
cdropped() { sed '0,/Dropped: 0/s/Dropped: 0/Dropped: 3/' $cx/console.log | cparse -; }
t_says "entries the histogram dropped are a parse error" 'dropped 3 entries' cdropped
cnoctx() { sed '0,/context-switches/{/context-switches/d}' $cx/console.log | cparse -; }
t_says "a traced run without its context switches is a parse error (the other run's count is not reused)" \
	'no context-switches count for process_sockets' cnoctx
cwronglist() { sh lab/verdict/parse.sh --functions /dev/null $cx/console.log | jq -r '.results.parse_errors[]'; }
t_says "a function list that is not the kernel's is a parse error" 'is not in the function list' cwronglist
cnolist() { sh lab/verdict/parse.sh $cx/console.log | jq -r '.results.parse_errors[]'; }
t_says "without the build's function list, contention is a parse error" 'no function list of the build' cnolist
ctable() { awk -v order="b a" -f "${1:-lab/bench/contention-table.awk}" $cx/table.contention $cx/table.samples | diff -u $cx/table.expected -; }
t_ok "the table: means per run (a run without contention counts), SLUB's share, top callers, variants in the given order" ctable
t_catches "mutation: contention-table.awk charging SLUB's share to another object is caught" lab/bench/contention-table.awk \
	's|if ($5 == "mm/slub.o") {|if ($5 == "mm/mmap.o") {|' ctable
# The table of a record: the same as the table of the rows and samples the
# old parser wrote from the same log.
ctable_record() {
	ctables $cx/console.log && printf 'round\tvariant\tmode\tcaller\tobject\tlock\tcount\twait_ns\n' >"$rec_dir/ct" &&
		cat "$rec_dir/rows" >>"$rec_dir/ct" && printf 'round\tvariant\tmetric\tvalue\tunit\tbetter\n' >"$rec_dir/st" &&
		cat "$rec_dir/samples" >>"$rec_dir/st" &&
		awk -f lab/bench/contention-table.awk "$rec_dir/ct" "$rec_dir/st" >"$rec_dir/got" &&
		awk -f lab/bench/contention-table.awk $cx/console.rows $cx/console.samples | diff -u - "$rec_dir/got"
}
t_ok "the table of a record is the table of the hand-checked rows and samples" ctable_record
t_refuses "the table of a run without traced runs is refused" 'no traced runs' \
	awk -f lab/bench/contention-table.awk $cx/table.contention /dev/null
# cplot [PLOT-SH]: contention-plot.sh (or a broken copy) on the fixture.
cplot() {
	rm -rf "$T_OUT.d" && mkdir "$T_OUT.d" &&
	cp $cx/table.contention "$T_OUT.d/contention.tsv" && cp $cx/table.samples "$T_OUT.d/samples.tsv" &&
	sh "${1:-lab/bench/contention-plot.sh}" "$T_OUT.d" && test -s "$T_OUT.d/contention.png" && test -s "$T_OUT.d/contention.svg" &&
	sed -n 2p "$T_OUT.d/contention.dat" | diff -u - $cx/plot.row
}
t_ok "the plot: bars per run by the caller's object (mm/slub.o first), png and svg" cplot
t_catches "mutation: contention-plot.sh plotting the wait as the count is caught" lab/bench/contention-plot.sh \
	's/cnt\[\$3 SUBSEP \$2 SUBSEP \$5\] += \$7/cnt[$3 SUBSEP $2 SUBSEP $5] += $8/' cplot
t_refuses "the plot of a folder without attribution is refused" 'has no contention.tsv' sh lab/bench/contention-plot.sh $cx
t_refuses "bench: --galbraith with an unknown variant is refused" 'unknown variant "nosuch"' \
	sh lab/bench/bench.sh --galbraith --variants nosuch
rm -rf "$T_OUT.s" "$T_OUT.d"

t_section "LAVA: a farm's cases beside the run's record (lab/farm/lava-compare.jq, lab/farm/lava-run.sh)"
# farm_of LOG: LAVA's results.tsv for the guest's KTAP in LOG, as its
# monitor records them (ok is pass, also with # SKIP; not ok is fail).
farm_of() {
	printf 'lava\tjob\tpass\n'
	tr -d '\r' <"$1" | sed -n '/^LAB-JUDGE$/,/^LAB-JOB-END/p' | sed -n -E 's/^(not ok|ok) [0-9]+ ([a-z0-9_]+).*/\1\t\2/p' |
		awk -F '\t' -v OFS='\t' '{ print "lab-check", $2, ($1 == "ok" ? "pass" : "fail") }'
}
# lava_agree LOG RESULTS [COMPARE-JQ]: the disagreements of LOG's record
# and RESULTS.
lava_agree() {
	rec "$1" >/dev/null
	jq -n -r --slurpfile record "$rec_dir/${1##*/}.json" --rawfile results "$2" -f "${3:-lab/farm/lava-compare.jq}"
}
# A clean run with a skipped case (KTAP ok # SKIP, a pass on the farm).
sed 's/^ok 5 memcg$/ok 5 memcg # SKIP/' $fx/logs/clean.log >"$rec_dir/skip.log"
farm_of "$rec_dir/skip.log" >"$rec_dir/skip.tsv"
lava_same() { [ -z "$(lava_agree "$rec_dir/skip.log" "$rec_dir/skip.tsv" "$@")" ]; }
t_ok "the farm's cases and the record agree on a run with a skip (a pass on the farm)" lava_same
farm_of $fx/logs/guest-case-failed.log | sed 's/\thackbench_thread_sockets\tfail/\thackbench_thread_sockets\tpass/' >"$rec_dir/differ.tsv"
t_says "a case the farm passed and the record failed is named" '^hackbench_thread_sockets: lab fail, farm pass$' \
	lava_agree $fx/logs/guest-case-failed.log "$rec_dir/differ.tsv"
farm_of $fx/logs/clean.log | grep -v expect_3 >"$rec_dir/missing.tsv"
t_says "a case the farm never recorded is named" '^expect_3: lab pass, farm none$' \
	lava_agree $fx/logs/clean.log "$rec_dir/missing.tsv"
t_catches "mutation: lava-compare.jq keeping a skip a skip (LAVA shows it as a pass) is caught" lab/farm/lava-compare.jq \
	's/skip: "pass"/skip: "skip"/' lava_same

t_section "one recorded run through every stage (tests/fixtures/records/)"
# A real boot's record and console: series-rt-debug booted with the check
# job and kunit.enable=0 (so the job's KUnit expectations fail), recorded
# by lab/run/boot.sh; only the paths in it were made the fixture's.
rx=$fx/records/check-boot
reparse() {
	sh lab/verdict/parse.sh --qemu-exit "$(jq .run.qemu_exit $rx/result.json)" --timeout 900 $rx/console.log |
		jq -S "{results, measurements}" >"$rec_dir/reparsed" && jq -S "{results, measurements}" $rx/result.json | diff -u - "$rec_dir/reparsed"
}
t_ok "the one parser, re-run on the recorded console, gives the recorded results and measurements" reparse
t_says "the record: what ran (variant, purpose, QEMU's argv, accelerator), before any result" \
	'^series-rt-debug series guest,rt,debug,slub-bench check qemu-system-x86_64 tcg 2 1G 2 900 kunit.enable=0$' \
	jq -r '[.variant.name, .variant.tree, (.variant.fragments | join(",")), .run.purpose, .run.qemu_argv[0], .run.accel, .run.smp, .run.memory, .run.numa_nodes, .run.timeout_s, (.run.cmdline | split(" ") | .[-1])] | join(" ")' $rx/result.json
t_says "its results: failed, judged by the guest, 27 cases, 7 of them failed" '^fail guest 27 7 end$' \
	jq -r '[.results.status, .results.judged_by, .results.counts.total, .results.counts.fail, .results.reached] | join(" ")' $rx/result.json
reread() {
	cp $rx/result.json "$rec_dir/again.json" && sh lab/verdict/record.sh "$rec_dir/again.json" >/dev/null
	jq -S 'del(.run.duration_s)' $rx/result.json >"$rec_dir/want.json" &&
		jq -S 'del(.run.duration_s)' "$rec_dir/again.json" | diff -u "$rec_dir/want.json" -
}
t_ok "a finished record read again (record.sh RECORD) keeps what ran and gives the same results" reread
every_stage() {
	_s=$rec_dir/stages && rm -rf "$_s" && mkdir "$_s" &&
	# JUnit rows (make check), a failed case with its reasons.
	(out=$_s T_CASES=$_s/cases.tsv && : >"$T_CASES" && . lab/check/boots.sh && guest_cases check-boot $rx/result.json) &&
		[ "$(wc -l <"$_s/cases.tsv")" = 27 ] && grep -qx 'guest check-boot	expect_1	fail		.*' "$_s/cases.tsv" &&
	# The bench's samples and status (tools/compare's input).
		jq -n -r --arg table samples -f lab/bench/samples.jq $rx/result.json | grep -q '^1	series-rt-debug	hackbench_thread_sockets_time	' &&
		[ "$(jq -n -r --arg table status -f lab/bench/samples.jq $rx/result.json | cut -f1-3)" = "1	series-rt-debug	failed" ] &&
	# The mutations' verdict, on a failed case of the job.
		sh lab/verdict/mutation-verdict.sh --result expect_1 $rx/result.json >/dev/null &&
	# A kernel report that is not there.
		! sh lab/verdict/expect-report.sh $rx/result.json 'BUG: Invalid wait context' slab_wrong_context_init >/dev/null &&
	# A farm that read the same console agrees, case by case.
		farm_of $rx/console.log >"$_s/farm.tsv" &&
		[ -z "$(jq -n -r --slurpfile record $rx/result.json --rawfile results "$_s/farm.tsv" -f lab/farm/lava-compare.jq)" ]
}
t_ok "each stage reads it: JUnit rows, bench samples and status, the mutation verdict, expect-report, LAVA's comparison" every_stage

# make hackbench's output, from a real hackbench boot's record (the job
# lab/bench/hackbench.sh writes, shorter; slub_merge): the lines README's
# walkthrough shows.
hb_show() { sh "$1" --show $fx/records/hackbench-boot/result.json | diff -u $fx/records/hackbench-boot/shown.txt -; }
t_ok "make hackbench shows the boot, the slab state and hackbench's output from the record alone" hb_show lab/bench/hackbench.sh
t_catches "mutation: hackbench.sh losing the slab state is caught" lab/bench/hackbench.sh \
	's/select(.id == "slab_state")/select(.id == "slab")/' hb_show
t_refuses "hackbench --show: a console log is not a record" 'is not a finished run.s record' \
	sh lab/bench/hackbench.sh --show $fx/records/hackbench-boot/console.log

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
# compare_built_with STATS_C: the known answers of a compare whose stats.c is STATS_C
compare_built_with() {
	_d=$(mktemp -d) &&
		mkdir "$_d/compare" "$_d/lib" &&
		cp tools/compare/Makefile tools/compare/*.[ch] "$_d/compare/" &&
		cp tools/lib/tool.[ch] "$_d/lib/" &&
		cp "$1" "$_d/compare/stats.c" &&
		COMPARE_SRC=$_d/compare sh tests/compare/run.sh
	_rc=$?
	rm -rf "$_d"
	return $_rc
}
t_catches "mutation: compare taking n, not n - 1, for Welch's degrees of freedom is caught" tools/compare/stats.c \
	's|va \* va / (a->n - 1)|va * va / a->n|' compare_built_with
# A record's slub_bench samples (two-decimal ns and cycles, one unit per
# metric) as bench.sh writes them (lab/bench/samples.jq), read by the tool
# built just above; and two runs of a variant, one of them failed.
bench_to_compare() {
	_d=$(mktemp -d) &&
		sh lab/verdict/record.sh $fx/logs/bench-console.log "$_d/r.json" >/dev/null
		jq '.variant = {name: "v"}' "$_d/r.json" >"$_d/v.json" &&
		{ printf 'round\tvariant\tmetric\tvalue\tunit\tbetter\n'
		  jq -n -r --arg table samples -f "${1:-lab/bench/samples.jq}" "$_d/v.json"; } >"$_d/samples.tsv" &&
		tools/compare/compare --format csv "$_d" >"$_d/out" &&
		grep -qx 'kmalloc8_alloc_free_pair,ns,v,1,43.07,43.07,43.07,43.07,,,,' "$_d/out" &&
		grep -qx 'kmalloc8_alloc_free_pair_cycles,cycles,v,1,111.98,111.98,111.98,111.98,,,,' "$_d/out"
	_rc=$?
	cat "$_d/out" 2>/dev/null
	rm -rf "$_d"
	return $_rc
}
t_ok "compare reads a record's slub_bench samples, ns and cycles (lab/bench/samples.jq)" bench_to_compare
t_catches "mutation: samples.jq giving each sample its unit as its direction is caught" lab/bench/samples.jq \
	's/| \[\$r, \$v, .metric, .value, .unit, .better\]/| [$r, $v, .metric, .value, .unit, .unit]/' bench_to_compare

# bench.sh --tables: a bench folder's tables made again from its records
# alone: two boots recorded from the fixtures (a's hackbench and
# slub_bench, b's contention), neither of which ended as a whole run.
bench_tables() {
	_b=$(mktemp -d) && mkdir -p "$_b/wall/r1/a" "$_b/wall/r1/b" &&
		printf 'variants=a b\n' >"$_b/wall/meta"
	sh lab/verdict/record.sh $fx/logs/bench-console.log "$_b/a.json" >/dev/null
	sh lab/verdict/record.sh --functions $fx/contention/functions.tsv $fx/contention/console.log "$_b/b.json" >/dev/null
	for _v in a b; do
		jq --arg v $_v '.variant = {name: $v} | .run += {labels: {round: "1", time: "wall"}, accel: "tcg", started: "2026-12-06T00:00:00Z"}' \
			"$_b/$_v.json" >"$_b/wall/r1/$_v/result.json" || return 1
	done
	sh "$1" --tables "$_b" >"$_b/out" 2>&1
	_rc=$?
	cat "$_b/out"
	[ $_rc != 0 ] && grep -q 'did not finish cleanly' "$_b/out" &&
		grep -q '^1	a	kmalloc8_alloc_free_pair	43.07	ns	lower$' "$_b/wall/samples.tsv" &&
		grep -q '^1	b	process_sockets	unix_stream_sendmsg	net/unix/af_unix.o	rtlock	1141	117665092247$' "$_b/wall/contention.tsv" &&
		[ "$(cut -f2,3 "$_b/wall/status.tsv" | tr '\t\n' ': ')" = "variant:status a:crashed b:crashed " ] &&
		grep -q '(A) a' "$_b/wall/table.txt" && grep -q '^b ' "$_b/wall/contention.txt" &&
		grep -q '^accel=tcg$' "$_b/wall/meta" && test -s "$_b/junit.xml"
	_rc=$?
	rm -rf "$_b"
	return $_rc
}
t_ok "bench --tables: samples, status, contention, meta, the compare and contention tables and JUnit, from records alone" \
	bench_tables lab/bench/bench.sh
t_catches "mutation: bench.sh reading another mode's records is caught" lab/bench/bench.sh \
	's|records=$(ls "$out/$mode"/r\*/\*/result.json 2>/dev/null)|records=$(ls "$out"/none/r*/*/result.json 2>/dev/null)|' bench_tables

t_section "JUnit writer (tools/junit)"
t_ok "junit: XSD-valid output, unsafe console text, excerpts, bad input (tests/junit/run.sh)" sh tests/junit/run.sh
# guest_rows LOG [BOOTS]: a boot's record as make check's JUnit rows
# (lab/check/boots.sh guest_cases, or a broken copy), then the XML.
guest_rows() {
	rec "$1" >/dev/null
	(out=$rec_dir T_CASES=$rec_dir/cases.tsv && : >"$T_CASES" && . "${2:-lab/check/boots.sh}" &&
		guest_cases g "$rec_dir/${1##*/}.json" && cat "$T_CASES")
}
t_says "a record's cases are JUnit rows of its suite, a failed one with the run's reasons" \
	'^guest g	hackbench_thread_sockets	fail		.*/g\.failed$' guest_rows $fx/logs/guest-case-failed.log
crashed_row() {
	guest_rows $fx/logs/mutation-oops-in-test.log "$@" >"$rec_dir/rows" &&
		grep -qx 'guest g	kunit_slub_test_test_shrink_while_partial_drains	fail		.*' "$rec_dir/rows" &&
		grep -q '^kunit_slub_test_test_shrink_while_partial_drains: crashed; test_shrink_while_partial_drains: 64 rounds' "$rec_dir/g.failed" &&
		make -s -C tools/junit >/dev/null && tools/junit/junit -o "$rec_dir/g.xml" "$rec_dir/rows" &&
		xmllint --xpath 'string(//testcase[@name="kunit_slub_test_test_shrink_while_partial_drains"]/failure/@message)' "$rec_dir/g.xml" |
		grep -q 'no LAB-JOB-END marker'
}
t_ok "a crashed case is a JUnit failure carrying the run's reasons and its diagnostics" crashed_row
t_catches "mutation: boots.sh passing a crashed case is caught" lab/check/boots.sh \
	's/if .result == "crashed" then "fail" else .result end/if .result == "crashed" then "pass" else .result end/' crashed_row
# The runner's own checks (make check's panic and hang boots), on
# recorded logs of both.
runner_ok() {
	rec $fx/logs/panic-no-init.log >/dev/null
	rec $fx/logs/hung.log --qemu-exit 124 >/dev/null
	(. "$1" && runner_caught "$rec_dir/panic-no-init.log.json" crashed 'Kernel panic' &&
			runner_caught "$rec_dir/hung.log.json" timeout &&
			! runner_caught "$rec_dir/hung.log.json" crashed && ! runner_caught "$rec_dir/panic-no-init.log.json" crashed 'BUG:')
}
t_ok "the runner's checks read the record: a panic crashed with its report, a hang timed out" runner_ok lab/check/boots.sh
t_catches "mutation: boots.sh runner_caught ignoring the error code is caught" lab/check/boots.sh \
	's/and .results.error_code == $c/and true/' runner_ok

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
	if [ $long = 1 ]; then
		t_section "make menuconfig without a person (lab/kernel/menuconfig.sh --edit, lab/kernel/configure.sh)"
		timed "  menuconfig test" sh tests/menuconfig.sh
		t_section "Debian's configuration as a lab build (lab/kernel/configure.sh, config=debian:...)"
		timed "  distro config test" sh tests/distro-config.sh
	fi
	wait $!
	t_section "series round trip (lab/series/tree.sh)"
	cat "$rt"
	rm -f "$rt"
fi

[ $summary = 0 ] || t_summary
