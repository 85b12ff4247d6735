#!/bin/sh
# kunit-uml.sh: run slub_kunit with the kernel's own KUnit runner
# (tools/testing/kunit/kunit.py run), as a kernel developer would: a UML
# kernel built from the series tree with configs/slub.kunitconfig, which
# is non-preemptible (UML has no PREEMPT_RT and defaults to PREEMPT_NONE).
# Every slub_test case must pass or skip, as kunit.py's own parse says
# (--json); the runner's output is kept.
#
#   --sheaves   the 7.x series' tree (patches-7.3/ on Debian's 7.3) instead
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="kunit-uml.sh [--sheaves]"
tree=series build=kunit-uml
case $# in
0) ;;
1) [ "$1" = --sheaves ] || usage_die "unknown argument '$1'"; tree=sheaves build=kunit-uml-sheaves ;;
*) usage_die "expected at most one argument (--sheaves)" ;;
esac
sh "$LAB_ROOT/lab/series/tree.sh" $tree
src=$(tree_dir $tree)
out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-$build
mkdir -p "$out"
kbuild_opts # KCC, KHOSTCC, KJOBS: the compilers and job count of kernel makes
log "kunit.py run (UML) on $src; log: $out/kunit.log"
rc=0
(cd "$src" && python3 tools/testing/kunit/kunit.py run \
	--kunitconfig="$CONFIG_DIR/slub.kunitconfig" \
	--build_dir="$LAB_WORK/$build" --jobs="$KJOBS" --json="$out/kunit.json" \
	--make_options CC="$KCC" --make_options HOSTCC="$KHOSTCC") >"$out/kunit.log" 2>&1 || rc=$?
cp "$LAB_WORK/$build/.config" "$out/kernel.config" 2>/dev/null || true
if grep -q '^CONFIG_PREEMPTION=y' "$out/kernel.config" 2>/dev/null; then
	die "the UML kernel is preemptible; this run is meant to cover a non-preemptible one"
fi
# The verdict from kunit.py's own parse of the KTAP (--json, KernelCI's
# format: groups of test cases, each PASS, SKIP, FAIL or ERROR).
[ -s "$out/kunit.json" ] || die "kunit.py wrote no results (--json, exit $rc); log: $out/kunit.log"
cases=$(jq -r '.. | objects | select(.name == "slub_test") | .test_cases[] | .status + " " + .name' "$out/kunit.json") ||
	die "kunit.py's results are not JSON: $out/kunit.json"
[ -n "$cases" ] || die "slub_test did not run; results: $out/kunit.json"
printf '%s\n' "$cases" | sed 's/^/    /'
bad=$(jq -r '[.. | objects | select(has("test_cases")) | .test_cases[] | select(.status != "PASS" and .status != "SKIP") | .name] | join(" ")' "$out/kunit.json")
[ -z "$bad" ] || die "kunit.py reports these cases neither passed nor skipped: $bad; log: $out/kunit.log"
[ $rc = 0 ] || die "kunit.py failed (exit $rc); log: $out/kunit.log"
log "slub_test passed under kunit.py (UML, non-preemptible): $(printf '%s\n' "$cases" | grep -c '^PASS') passed, $(printf '%s\n' "$cases" | grep -c '^SKIP') skipped"
