#!/bin/sh
# kunit-uml.sh: run slub_kunit with the kernel's own KUnit runner
# (tools/testing/kunit/kunit.py run), as a kernel developer would: a UML
# kernel built from the series tree with configs/slub.kunitconfig, which
# is non-preemptible (UML has no PREEMPT_RT and defaults to PREEMPT_NONE).
# Every slub_test case must pass or skip; the runner's output is kept.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="kunit-uml.sh"
[ $# -eq 0 ] || usage_die "expected no arguments"
sh "$LAB_ROOT/lab/series/tree.sh" series
src=$(tree_dir series)
out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-kunit-uml
mkdir -p "$out"
kbuild_opts # KCC, KHOSTCC, KJOBS: the compilers and job count of kernel makes
log "kunit.py run (UML) on $src; log: $out/kunit.log"
rc=0
(cd "$src" && python3 tools/testing/kunit/kunit.py run \
	--kunitconfig="$CONFIG_DIR/slub.kunitconfig" \
	--build_dir="$LAB_WORK/kunit-uml" --jobs="$KJOBS" \
	--make_options CC="$KCC" --make_options HOSTCC="$KHOSTCC") >"$out/kunit.log" 2>&1 || rc=$?
cp "$LAB_WORK/kunit-uml/.config" "$out/kernel.config" 2>/dev/null || true
# The cases, the summary and kunit.py's times (a default run skips the
# long cases: "running" stays a few seconds).
grep -E '^\[[0-9:]+\] (=+ \[?[A-Z]*\]? ?slub_test|\[(PASSED|SKIPPED|FAILED|CRASHED)\]|Testing complete|Elapsed time)' \
	"$out/kunit.log" | sed 's/^/    /' || true
if grep -q '^CONFIG_PREEMPTION=y' "$out/kernel.config" 2>/dev/null; then
	die "the UML kernel is preemptible; this run is meant to cover a non-preemptible one"
fi
[ $rc = 0 ] || die "kunit.py failed (exit $rc); log: $out/kunit.log"
grep -q -E 'Testing complete\. Ran [0-9]+ tests: passed: [0-9]+(, skipped: [0-9]+)?$' "$out/kunit.log" ||
	die "kunit.py did not report every test passed or skipped; log: $out/kunit.log"
grep -q -E '\[PASSED\] slub_test' "$out/kunit.log" ||
	die "slub_test did not run; log: $out/kunit.log"
log "slub_test passed under kunit.py (UML, non-preemptible)"
