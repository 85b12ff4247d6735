# Reproducer, not part of any check: after the selftests, perf stat on a
# short command in a loop for four minutes, beside two loops that read
# sysfs and procfs. Each perf stat turns perf's static keys on when it
# opens its events and off after it exits, so text_poke_bp() patches
# their sites about once a second. Under multi-threaded TCG (QEMU 7.2)
# this has ended in "Oops: int3" on plain 6.12 too (docs/check.md).
# Boot parameters, given with lab/run/boot.sh --append, vary the run:
# flips.hotplug=1 runs it inside the check's CPU hotplug loop,
# flips.hold=1 holds the keys first as the check jobs do. For example:
#   sh lab/run/boot.sh --append flips.hold=1 base-rt-debian-debug guest/jobs/perf-key-flips.sh
#lab-case: perf_flips
. /lab/lib.sh
. /lab/load.sh
lab_info
fail=0
run_selftests || fail=1

# perf_stat_loop SECONDS: the loop, with the two readers beside it.
perf_stat_loop() {
	rm -f /tmp/flips.stop
	(while [ ! -f /tmp/flips.stop ]; do ls -R /sys/kernel/slab >/dev/null 2>&1; done) &
	_r1=$!
	(while [ ! -f /tmp/flips.stop ]; do ls -R /proc/sys >/dev/null 2>&1; done) &
	_r2=$!
	_end=$(($(date +%s) + $1)) _runs=0 _failed=0
	while [ "$(date +%s)" -lt $_end ]; do
		perf stat -e page-faults ls / >/dev/null 2>&1 || _failed=$((_failed + 1))
		_runs=$((_runs + 1))
	done
	touch /tmp/flips.stop
	wait $_r1 $_r2
	say "LAB-PERF-FLIPS runs=$_runs failed=$_failed"
	if [ $_runs -gt 0 ] && [ $_failed = 0 ]; then
		lab_result perf_flips pass
	else
		lab_result perf_flips fail
		return 1
	fi
}

if grep -qw flips.hold=1 /proc/cmdline; then
	hold_perf_keys || fail=1
fi
if grep -qw flips.hotplug=1 /proc/cmdline; then
	with_cpu_hotplug perf_stat_loop 240 || fail=1
else
	perf_stat_loop 240 || fail=1
fi
exit $fail
