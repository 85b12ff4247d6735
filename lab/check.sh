#!/bin/sh
# check.sh: what `make check` and CI run. The lab's self-tests, then for
# real: build the series with PREEMPT_RT + lockdep, boot it, and require the
# built-in KUnit slub tests, test_meminit, the project's selftests and a
# short hackbench under perf stat to pass with no splat. Then the runner's
# own failure detection on real guests: a panic and a hang.
#
# LAB_CHECK_VARIANTS (default: series-rt-debug) picks the variants booted.
set -u
. "$(dirname "$0")/lib.sh"
cd "$LAB_ROOT"
. tests/harness.sh
out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-check
mkdir -p "$out"
variants=${LAB_CHECK_VARIANTS:-series-rt-debug}
job=guest/jobs/check.sh

echo "== lab self-tests"
sh tests/run.sh --no-summary

echo "== series"
t_ok "patches/series applies and a fresh apply reproduces the series tree" sh lab/tree.sh verify

for v in $variants; do
	echo "== $v"
	if ! sh lab/build.sh "$v" >"$out/build-$v.log" 2>&1; then
		t_fail "build $v" "$(tail -n 20 "$out/build-$v.log")"
		continue
	fi
	t_pass "build $v"
	# Boot-parameter variants (cmdline only) share the build above.
	sh lab/boot.sh --out "$out/$v" "$v" "$job" >"$out/$v.verdict" 2>&1
	rc=$?
	sed 's/^/    /' "$out/$v.verdict"
	if [ $rc = 0 ]; then
		t_pass "$v: KUnit slub_test, test_meminit, selftests, hackbench; no splat"
	else
		t_fail "$v: KUnit slub_test, test_meminit, selftests, hackbench; no splat" "log: $out/$v/console.log"
	fi
done

echo "== the runner catches failing guests"
v=$(echo "$variants" | cut -d' ' -f1)
t_refuses "a guest that panics fails the run and keeps its log" 'Kernel panic' \
	sh lab/boot.sh --timeout 300 --append "rdinit=/nonexistent init=/nonexistent" \
	--out "$out/negative-panic" "$v" "$job"
[ -s "$out/negative-panic/console.log" ] && t_pass "the panicked guest's console log is kept" ||
	t_fail "the panicked guest's console log is kept"
t_refuses "a guest that hangs is stopped by the timeout" "timed out after ${LAB_HANG_TIMEOUT:-60}s" \
	sh lab/boot.sh --timeout "${LAB_HANG_TIMEOUT:-60}" --out "$out/negative-hang" "$v" tests/fixtures/jobs/hang.sh
grep -q 'hang job: sleeping forever' "$out/negative-hang/console.log" 2>/dev/null &&
	t_pass "the hung guest reached its job before the timeout (log kept)" ||
	t_fail "the hung guest reached its job before the timeout (log kept)" \
		"raise LAB_HANG_TIMEOUT if this machine boots slower"

echo "results: $out"
t_summary
