# Loads for guest jobs to run beside a workload (busybox sh), installed as
# /lab/load.sh after /lab/lib.sh, whose say, keep and lab_result they use:
# the slab sysfs stress, a busybox walk of every cache, a CPU going offline
# and online, and a memory group held at its limit.

# with_slab_stress CMD...: run CMD while slab_sysfs reads every slab
# attribute and shrinks every cache in a loop, so the list_lock paths reached
# from sysfs race with CMD's allocations. A failing pass prints its TAP
# output ("not ok" fails the run on the host).
with_slab_stress() {
	_st=/lab/selftests/slab_sysfs
	if [ ! -x $_st ]; then
		"$@"
		return
	fi
	rm -f /tmp/stress.stop
	(
		_i=0 _f=0
		while [ ! -f /tmp/stress.stop ]; do
			if ! $_st >/tmp/stress.out 2>&1; then
				_f=$((_f + 1))
				keep /tmp/stress.out
			fi
			_i=$((_i + 1))
		done
		say "LAB-STRESS passes=$_i failures=$_f"
	) &
	_pid=$!
	"$@"
	_s=$?
	touch /tmp/stress.stop
	wait $_pid
	return $_s
}

# slab_walk_start / slab_walk_stop: read every slab attribute and shrink
# every cache in a loop in the background, with busybox alone, so every
# kernel, base or series, gets the same load (with_slab_stress needs the
# series' slab_sysfs). Caches booted with slab_debug= are validated and
# their debugfs alloc and free traces read too (the writes and reads fail,
# quietly, on other caches). Stopping prints how many passes ran.
slab_walk_start() {
	rm -f /tmp/walk.stop
	(
		_i=0
		while [ ! -f /tmp/walk.stop ]; do
			# One cat a cache (write-only files fail, quietly).
			for _d in /sys/kernel/slab/*; do
				[ -f /tmp/walk.stop ] && break
				cat "$_d"/* >/dev/null 2>&1
				echo 1 >"$_d/shrink" 2>/dev/null
				echo 1 >"$_d/validate" 2>/dev/null
				cat "/sys/kernel/debug/slab/${_d##*/}/alloc_traces" \
					"/sys/kernel/debug/slab/${_d##*/}/free_traces" >/dev/null 2>&1
			done
			_i=$((_i + 1))
		done
		say "LAB-WALK passes=$_i"
		[ $_i -gt 0 ]
	) &
	_walk_pid=$!
}

# slab_walk_stop: its case, slab_walk, passes when a whole pass ran.
slab_walk_stop() {
	touch /tmp/walk.stop
	if wait $_walk_pid; then
		lab_result slab_walk pass
	else
		lab_result slab_walk fail
		return 1
	fi
}

# with_cpu_hotplug CMD...: run CMD while the last CPU goes offline and back
# online in a loop, 0.1 s each way, so that slub_cpu_dead() flushes its
# slabs while CMD allocates and frees. Prints the round trips made and the
# writes that failed; fails on a failed write or when no round trip ran.
with_cpu_hotplug() {
	_cpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | sed 's/.*cpu//' | sort -n | tail -n 1)
	_ctl=/sys/devices/system/cpu/cpu$_cpu/online
	if [ ! -f "$_ctl" ]; then
		say "LAB-HOTPLUG skipped: no CPU can go offline (no $_ctl)"
		lab_result hotplug skip
		"$@"
		return
	fi
	rm -f /tmp/hotplug.stop
	(
		_n=0 _f=0
		while [ ! -f /tmp/hotplug.stop ]; do
			if echo 0 >"$_ctl" && sleep 0.1 && echo 1 >"$_ctl"; then
				_n=$((_n + 1))
			else
				_f=$((_f + 1))
				echo 1 >"$_ctl"
			fi
			sleep 0.1
		done
		say "LAB-HOTPLUG cpu$_cpu cycles=$_n failures=$_f"
		[ $_n -gt 0 ] && [ $_f = 0 ]
	)&
	_hp_pid=$!
	"$@"
	_s=$?
	touch /tmp/hotplug.stop
	if wait $_hp_pid; then
		lab_result hotplug pass
	else
		lab_result hotplug fail
		[ $_s != 0 ] || _s=1
	fi
	return $_s
}

# The memory group's memory.max for the check jobs' hackbench: above what
# its threads need that cannot be reclaimed (a 4M limit killed perf), and
# about half of what one sysfs walk charges.
MEMCG_LIMIT=12M

# in_memory_group LIMIT CMD...: run CMD in a cgroup v2 memory group whose
# memory.max is LIMIT, so that its accounted slab objects are charged and
# uncharged while the group is reclaimed. Beside CMD, a loop in the group
# walks /sys and /proc/sys: the dentries and inodes it makes are charged
# to the group and reclaimable, so the group reaches its limit and
# reclaim frees them, without killing anything; CMD starts once the group
# has reached its limit. Prints the group's memory.events; fails when the
# group never reached its limit, or on an OOM kill in it.
in_memory_group() {
	_limit=$1
	shift
	_cg=/sys/fs/cgroup
	_g=$_cg/lab
	mkdir -p $_cg
	grep -q " $_cg cgroup2 " /proc/mounts || mount -t cgroup2 none $_cg
	if ! grep -qw memory $_cg/cgroup.controllers 2>/dev/null; then
		say "LAB-MEMCG skipped: no cgroup v2 memory controller"
		lab_result memcg skip
		"$@"
		return
	fi
	echo +memory >$_cg/cgroup.subtree_control
	mkdir -p $_g
	echo "$_limit" >$_g/memory.max
	# Free the dentries and inodes earlier walks made, so that this
	# group's walks make them again and are charged for them.
	echo 2 >/proc/sys/vm/drop_caches
	rm -f /tmp/memcg.stop
	(
		echo 0 >$_g/cgroup.procs
		_i=0
		while [ ! -f /tmp/memcg.stop ]; do
			find /sys /proc/sys >/dev/null 2>&1
			_i=$((_i + 1))
		done
		echo $_i >/tmp/memcg.walks
	) &
	_fill_pid=$!
	# CMD starts once the group is at its limit (up to 60 s), so that it
	# runs while the group is reclaimed, however fast it is.
	_w=0
	while [ $_w -lt 600 ] && ! grep -qE '^max [1-9]' $_g/memory.events; do
		sleep 0.1
		_w=$((_w + 1))
	done
	( echo 0 >$_g/cgroup.procs && "$@" )
	_s=$?
	touch /tmp/memcg.stop
	wait $_fill_pid
	_ev=$(tr '\n' ' ' <$_g/memory.events)
	say "LAB-MEMCG max=$(cat $_g/memory.max) peak=$(cat $_g/memory.peak) walks=$(cat /tmp/memcg.walks) events: $_ev"
	say "LAB-MEMCG stat: $(grep -E '^(anon|kernel_stack|slab_reclaimable|slab_unreclaimable|sock|pagetables) ' $_g/memory.stat | tr '\n' ' ')"
	rmdir $_g 2>/dev/null
	# shellcheck disable=SC2086
	set -- $_ev
	_max=0 _kill=0
	while [ $# -ge 2 ]; do
		case $1 in max) _max=$2 ;; oom_kill) _kill=$2 ;; esac
		shift 2
	done
	if [ "$_max" -gt 0 ] && [ "$_kill" = 0 ]; then
		lab_result memcg pass
	else
		[ "$_max" -gt 0 ] || say "LAB-MEMCG the group never reached memory.max: reclaim never ran"
		[ "$_kill" = 0 ] || say "LAB-MEMCG the OOM killer ran in the group"
		lab_result memcg fail
		[ $_s != 0 ] || _s=1
	fi
	return $_s
}

# check_hackbench: the mainline and sheaves check jobs' two short
# hackbench runs under perf stat, the last CPU going offline and online
# beside them, the second in a memory group small enough to be reclaimed.
check_hackbench() {
	_ch=0
	with_cpu_hotplug run_hackbench process_pipes 2 -p -g 2 -l 40 || _ch=1
	with_cpu_hotplug in_memory_group "$MEMCG_LIMIT" \
		run_hackbench thread_sockets 2 -T -g 2 -l 40 || _ch=1
	return $_ch
}
