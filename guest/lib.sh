# Helpers for guest jobs (busybox sh), installed as /lab/lib.sh: result
# lines, facts, the selftests, hackbench, slub_bench and the checks every
# boot makes. The loads run beside them are in guest/load.sh
# (/lab/load.sh), the bench's tracing in guest/trace.sh (/lab/trace.sh).

# The KTAP writer (ktap_id, ktap_status; the judge prints with it).
. "${KTAP_WRITER:-/lab/ktap.sh}"

# lab_result ID pass|fail|skip|timeout: one judged case, kept in
# $LAB_CASES for the judge (/lab/judge.sh), which prints every case as
# KTAP once the job has ended. The id is a case id (ktap_id).
LAB_CASES=${LAB_CASES:-/tmp/lab-cases}
lab_result() {
	echo "$2 $(ktap_id "$1")" >>"$LAB_CASES"
}

# say LINE...: print a line on the console and in /tmp/job.out, which the
# guest's judge (/lab/judge.sh) scans for splats. What a helper finds is
# its case (lab_result), not a line the judge looks for.
say() {
	echo "$*"
	echo "$*" >>/tmp/job.out
}

# keep FILE: a command's captured output, printed and kept the same way.
keep() {
	cat "$1"
	cat "$1" >>/tmp/job.out
}

# Facts about the running kernel, for the results folder.
lab_info() {
	echo "LAB-INFO kernel=$(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo)"
	echo "LAB-INFO cmdline=$(cat /proc/cmdline)"
}

# Every selftest binary in /lab/selftests, one after the other. Each prints
# TAP; the line LAB-SELFTEST tells the host its exit status.
run_selftests() {
	_fail=0
	for _t in /lab/selftests/*; do
		[ -x "$_t" ] || continue
		"$_t" >/tmp/selftest.out 2>&1
		_s=$?
		keep /tmp/selftest.out
		say "LAB-SELFTEST ${_t##*/} status=$_s"
		# kselftest's exit statuses, as its runner reads them.
		lab_result "selftest.${_t##*/}" "$(ktap_status $_s)"
		case $(ktap_status $_s) in pass | skip) ;; *) _fail=1 ;; esac
	done
	return $_fail
}

# The software events perf stat counts around hackbench.
HACKBENCH_EVENTS=task-clock,context-switches,cpu-migrations,page-faults

# hold_perf_keys: keep perf's static keys on until the guest powers off:
# perf_swevent_enabled[] of the software events above, and
# perf_sched_events. Each perf stat turns them on when it opens its events
# and off after it exits (perf_sched_events up to a second later), and each
# time text_poke_bp() patches their sites. Under multi-threaded TCG (QEMU
# 7.2) that has ended in "Oops: int3", on plain 6.12 too and with no CPU
# hotplug (docs/check.md). One perf stat on a sleeping task holds the keys,
# so that later ones only move their counts. It removes perf's patching
# only, the only one seen to trap: the memory group's keys and the jobs of
# make bench, the latency guard and make hackbench still patch text.
hold_perf_keys() {
	perf stat -e "$HACKBENCH_EVENTS" -- sleep 2147483647 >/dev/null 2>&1 &
	_perf_hold_pid=$!
	_tries=0
	# Held once its four events are open (each an fd of perf stat's).
	while [ "$(ls -l /proc/$_perf_hold_pid/fd 2>/dev/null |
		grep -c perf_event)" -lt 4 ]; do
		_tries=$((_tries + 1))
		if [ $_tries -gt 50 ] || ! kill -0 $_perf_hold_pid 2>/dev/null; then
			say "LAB-PERF-KEYS not held: perf stat did not open its events in 10 s"
			lab_result perf_keys fail
			return 1
		fi
		sleep 0.2
	done
	say "LAB-PERF-KEYS held by perf stat (pid $_perf_hold_pid)"
	lab_result perf_keys pass
}

# run_hackbench LABEL REPEATS HACKBENCH-ARGS...: perf stat -r REPEATS around
# hackbench; samples are marked with LABEL for the host.
run_hackbench() {
	_label=$1 _rep=$2
	shift 2
	echo "LAB-HACKBENCH-BEGIN $_label repeats=$_rep args=$*"
	perf stat -r "$_rep" -e "$HACKBENCH_EVENTS" hackbench "$@" >/tmp/hackbench.out 2>&1
	_s=$?
	keep /tmp/hackbench.out
	say "LAB-HACKBENCH-END $_label status=$_s"
	if [ $_s -eq 0 ]; then
		lab_result "hackbench.$_label" pass
	else
		lab_result "hackbench.$_label" fail
	fi
	grep -E '^(Slab|SReclaimable|SUnreclaim):' /proc/meminfo | sed "s/^/LAB-MEMINFO $_label /"
	return $_s
}

# run_slub_bench [PARAMS...]: load /lab/slub_bench.ko, which measures
# the time per kmalloc/kfree on load, and copy its result lines from the
# kernel log with the prefix LAB-SLUB-BENCH (the console also shows them,
# but possibly interleaved with this job's output). Lines of any format
# version are copied, so that lab/bench/bench-parse.awk can name one it does not
# read. Fails unless the run ends with "v2 done errors=0".
run_slub_bench() {
	if [ ! -f /lab/slub_bench.ko ]; then
		echo "LAB-SLUB-BENCH missing: this kernel has no slub_bench.ko (CONFIG_MODULES is off)"
		return 1
	fi
	insmod /lab/slub_bench.ko run=1 "$@"
	_s=$?
	dmesg | sed -n 's/^.*slub_bench: \(v[0-9][0-9]*\) /LAB-SLUB-BENCH \1 /p'
	rmmod slub_bench 2>/dev/null
	[ $_s -eq 0 ] && slub_bench_finished
}

# slub_bench_finished: the kernel log holds a slub_bench run of the line
# format this lab reads (v2) that ended without errors.
slub_bench_finished() {
	dmesg | grep -q 'slub_bench: v2 done errors=0$'
}

# check_builtin_slub_bench: when booted with slub_bench.run=1, the built-in
# benchmark must have run to its end without errors.
check_builtin_slub_bench() {
	# The last slub_bench.run= on the command line is the one in force.
	case $(sed -n 's/.*slub_bench\.run=\([^ ]*\).*/\1/p' /proc/cmdline) in
	1 | y | Y | on) ;;
	*) return 0 ;;
	esac
	if slub_bench_finished; then
		say "LAB-SLUB-BENCH built-in run finished without errors"
		lab_result slub_bench.builtin pass
		return 0
	fi
	echo "LAB-SLUB-BENCH built-in run missing or failed"
	lab_result slub_bench.builtin fail
	return 1
}

# slab_state: the slab merge and per-CPU partial state the running kernel
# has, from its own config and sysfs: a cache's "aliases" counts the caches
# merged into it, "cpu_partial" is its per-CPU partial budget in objects.
slab_state() {
	_caches=0 _merged=0 _into=0 _budget=0 _max=0
	for _d in /sys/kernel/slab/*; do
		[ -L "$_d" ] && continue
		_caches=$((_caches + 1))
		_a=$(cat "$_d/aliases")
		[ "$_a" -gt 0 ] && _merged=$((_merged + _a)) _into=$((_into + 1))
		_p=$(cat "$_d/cpu_partial")
		[ "$_p" -gt 0 ] && _budget=$((_budget + 1))
		[ "$_p" -gt "$_max" ] && _max=$_p
	done
	say "LAB-SLAB config: $(zcat /proc/config.gz |
		sed -n -E -e 's/^# (CONFIG_[A-Z0-9_]*) is not set$/\1=n/' \
			-e '/^CONFIG_(PREEMPT|PREEMPT_RT|SLAB_MERGE_DEFAULT|SLUB_CPU_PARTIAL|SLUB_RAW_LIST_LOCK)=/p' |
		tr '\n' ' ' | sed 's/ $//')"
	if [ $_merged -gt 0 ]; then
		say "LAB-SLAB merge: on: $_merged caches merged into $_into others ($_caches caches in /sys/kernel/slab)"
	else
		say "LAB-SLAB merge: off: no cache merged into another ($_caches caches in /sys/kernel/slab)"
	fi
	if [ $_budget -gt 0 ]; then
		say "LAB-SLAB cpu_partial: on: $_budget of $_caches caches have a per-CPU partial budget, up to $_max objects (kmalloc-64: $(cat /sys/kernel/slab/kmalloc-64/cpu_partial))"
	else
		say "LAB-SLAB cpu_partial: off: 0 in all $_caches caches"
	fi
	# A case, so that the run's record keeps these lines as its log.
	lab_result slab_state pass
}

# check_topology: the guest sees the NUMA nodes QEMU gave it
# (/lab/topology, "nodes=N", from lab/run/job-initrd.sh), each with memory and
# a CPU. Nothing to check with one node.
check_topology() {
	_want=$(sed -n 's/^nodes=//p' /lab/topology 2>/dev/null)
	[ "${_want:-1}" -gt 1 ] || return 0
	_all="0-$((_want - 1))"
	_mem=$(cat /sys/devices/system/node/has_memory 2>/dev/null)
	_cpu=$(cat /sys/devices/system/node/has_cpu 2>/dev/null)
	say "LAB-TOPOLOGY nodes=$_want with memory: ${_mem:-none} with CPUs: ${_cpu:-none}"
	if [ "$_mem" = "$_all" ] && [ "$_cpu" = "$_all" ]; then
		lab_result topology.numa_nodes pass
		return 0
	fi
	echo "LAB-TOPOLOGY the guest should see nodes $_all, each with memory and a CPU"
	lab_result topology.numa_nodes fail
	return 1
}

# boot_checks: what the check jobs run first: the NUMA nodes the guest
# was given, the selftests shipped, and the built-in slub_bench run when
# the command line asked for one.
boot_checks() {
	_bf=0
	check_topology || _bf=1
	run_selftests || _bf=1
	check_builtin_slub_bench || _bf=1
	return $_bf
}

