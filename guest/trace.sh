# The bench's measurements in the guest (busybox sh), installed as
# /lab/trace.sh beside /lab/lib.sh: tracing of interrupts-off sections and
# of lock contention, and the latency guard's load (cyclictest, slab_burst).

# tracefs: mount tracefs if it is not, and print where it is.
tracefs() {
	[ -d /sys/kernel/tracing/events ] || mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	echo /sys/kernel/tracing
}

# latency_arm: from here on, time every interrupts-off section in the
# kernel. On the preemptirq tracepoints irq_disable and irq_enable (paired
# per CPU) a histogram trigger keeps, per start site (the function that
# disabled interrupts and its caller, offsets from _stext) and end site's
# caller (a histogram has at most three keys), the number of sections and
# the longest one in trace-clock ns, with the function that ended that
# one. A second histogram times preemption-off sections on preempt_disable
# and preempt_enable (the outermost toggle of the preempt count) keyed by
# the stack at the end: the events' caller_offs and parent_offs name
# preempt_count_add() or _sub() on every kernel (preempt_latency_start()
# is out of line), a stack names the function that toggled. It is taken
# at the end, after the section's timestamp: taken at the start, the
# unwind (some 7000 instructions) would lengthen every section. Sections
# begun in one task and ended in another (the scheduler's switch) are
# left out of both. The preemption-off histogram keeps only sections of
# at least MIN ns (latency_arm's argument, default 0): on PREEMPT_RT every
# lock and unlock has one (migrate_disable()), and a run of the guard's
# load has more distinct stacks than a histogram holds (131072). The
# preemptirqsoff tracer runs
# beside it (started first, so its own start is not timed): the kernel's
# longest section with preemption or interrupts off, with its stack; it
# leaves out the idle loop, which runs with preemption off. A third
# histogram, built like the second, keeps only the preemption-off sections
# that no hardware interrupt entered (see irq_entry_events). Prints
# LAB-LATENCY lines; fails when tracing is missing.
latency_arm() {
	_min=${1:-0} _tracer=${2:-tracer}
	_t=$(tracefs)
	if [ ! -d $_t/events/preemptirq ] || [ ! -f $_t/synthetic_events ]; then
		echo "LAB-LATENCY missing: this kernel has no preemptirq events or synthetic events (configs/latency.config)"
		return 1
	fi
	if [ "$_tracer" = tracer ]; then
		echo preemptirqsoff >$_t/current_tracer && echo 0 >$_t/tracing_max_latency || {
			echo "LAB-LATENCY missing: no preemptirqsoff tracer"
			return 1
		}
	fi
	echo "irqoff_section u64 ns; s32 s0; s32 s1; s32 e0; s32 e1; s32 dp" >>$_t/synthetic_events &&
	echo 'hist:keys=common_cpu:t0=common_timestamp,c0=caller_offs,p0=parent_offs,pid0=common_pid' \
		>>$_t/events/preemptirq/irq_disable/trigger &&
	echo 'hist:keys=common_cpu:d=common_timestamp-$t0,dp=common_pid-$pid0:onmatch(preemptirq.irq_disable).trace(irqoff_section,$d,$c0,$p0,caller_offs,parent_offs,$dp)' \
		>>$_t/events/preemptirq/irq_enable/trigger &&
	echo 'hist:keys=s0,s1,e1:m=ns:onmax($m).save(e0):size=8192 if dp == 0' \
		>>$_t/events/synthetic/irqoff_section/trigger &&
	echo "preemptoff_section u64 ns; s32 dp; unsigned long[] stack" >>$_t/synthetic_events &&
	echo "preemptoff_noirq_section u64 ns; s32 dp; unsigned long[] stack" >>$_t/synthetic_events &&
	echo "irq_in_section u64 ns; u64 entry" >>$_t/synthetic_events &&
	echo 'hist:keys=common_cpu:t1=common_timestamp,pid1=common_pid,t2=common_timestamp,pid2=common_pid' \
		>>$_t/events/preemptirq/preempt_disable/trigger &&
	echo 'hist:keys=common_cpu:d1=common_timestamp-$t1,dp1=common_pid-$pid1,s1=common_stacktrace:onmatch(preemptirq.preempt_disable).trace(preemptoff_section,$d1,$dp1,$s1)' \
		>>$_t/events/preemptirq/preempt_enable/trigger &&
	echo 'hist:keys=stack.stacktrace:m=ns:onmax($m).save(dp):size=131072 if dp == 0 && ns >= '$_min \
		>>$_t/events/synthetic/preemptoff_section/trigger &&
	irq_entry_events $_t &&
	echo 'hist:keys=entry:vals=hitcount' >>$_t/events/synthetic/irq_in_section/trigger &&
	echo 'hist:keys=common_cpu:d2=common_timestamp-$t2,dp2=common_pid-$pid2,s2=common_stacktrace:onmatch(preemptirq.preempt_disable).trace(preemptoff_noirq_section,$d2,$dp2,$s2)' \
		>>$_t/events/preemptirq/preempt_enable/trigger &&
	echo 'hist:keys=stack.stacktrace:m=ns:onmax($m).save(dp):size=131072 if dp == 0 && ns >= '$_min \
		>>$_t/events/synthetic/preemptoff_noirq_section/trigger || {
		echo "LAB-LATENCY missing: the histogram triggers were refused"
		cat $_t/error_log
		return 1
	}
	echo "LAB-LATENCY armed clock=$(sed 's/.*\[\(.*\)\].*/\1/' $_t/trace_clock) preemptoff_min=$_min noirq=yes tracer=$([ "$_tracer" = tracer ] && echo yes || echo no)"
}

# irq_entry_events TRACEFS: make every hardware interrupt's, exception's
# and NMI's entry consume the open preemption-off section's t2, so that the
# section is left out of the third histogram. On PREEMPT_RT interrupts stay
# enabled in a preemption-off section and one that arrives is handled
# inside it (a timer interrupt takes up to some 30000 instructions under
# these tracers), so the longest preemption-off section of any code is
# mostly an interrupt's; without them a section's length is its own. A
# variable read in an expression is read once: the section's own end then
# finds no t2 and is not traced. Each entry inside a section is counted by
# its kind (irq_in_section's entry: the number of its event in the list
# printed as LAB-LATENCY entry-kind), so that the report shows the
# exclusion ran. Every x86 vector's entry event, irq_handler_entry (device
# interrupts), the kernel's page faults and the NMI handler are hooked;
# the timer's and the devices' events must exist.
irq_entry_events() {
	_hooked=
	for _e in irq_vectors/local_timer_entry irq/irq_handler_entry; do
		[ -d $1/events/$_e ] || { echo "LAB-LATENCY missing: no $_e event"; return 1; }
	done
	_i=0
	for _e in irq_vectors/local_timer_entry irq/irq_handler_entry \
		$(cd $1/events && ls -d irq_vectors/*_entry exceptions/page_fault_kernel \
			exceptions/page_fault_user nmi/nmi_handler 2>/dev/null); do
		case " $_hooked " in *" $_e "*) continue ;; esac
		_hooked="$_hooked $_e"
		_i=$((_i + 1))
		echo 'hist:keys=common_cpu:di'$_i'=common_timestamp-$t2,k'$_i'='$_i':onmatch(preemptirq.preempt_disable).trace(irq_in_section,$di'$_i',$k'$_i')' \
			>>$1/events/$_e/trigger || return 1
		echo "LAB-LATENCY entry-kind $_i $_e"
	done
}

# latency_report: print the histograms and the preemptirqsoff tracer's
# longest section (with its stack), each line prefixed for the host.
latency_report() {
	_t=/sys/kernel/tracing
	echo "LAB-LATENCY-BEGIN irqoff"
	sed 's/^/LAB-LATENCY irqoff /' $_t/events/synthetic/irqoff_section/hist
	echo "LAB-LATENCY-END irqoff"
	echo "LAB-LATENCY-BEGIN preemptoff"
	preemptoff_sites <$_t/events/synthetic/preemptoff_section/hist | sed 's/^/LAB-LATENCY preemptoff /'
	echo "LAB-LATENCY-END preemptoff"
	echo "LAB-LATENCY-BEGIN preemptoff-noirq"
	preemptoff_sites <$_t/events/synthetic/preemptoff_noirq_section/hist | sed 's/^/LAB-LATENCY preemptoff-noirq /'
	echo "LAB-LATENCY-END preemptoff-noirq"
	echo "LAB-LATENCY-BEGIN entries"
	awk '/^\{ entry: / { gsub(/[{}:]/, " "); print "entry " $2 " hits=" $4 }' \
		$_t/events/synthetic/irq_in_section/hist | sed 's/^/LAB-LATENCY /'
	echo "LAB-LATENCY-END entries"
	echo 0 >$_t/tracing_on
	[ "$(cat $_t/current_tracer)" = preemptirqsoff ] || return 0
	echo "LAB-LATENCY-BEGIN tracer max_us=$(cat $_t/tracing_max_latency)"
	sed 's/^/LAB-LATENCY tracer /' $_t/trace
	echo "LAB-LATENCY-END tracer"
}

# preemptoff_sites: the preemption-off histogram per end site, a line a
# site: "site max=NS hits=N entries=N frames F1 F2", F1 the first frame
# outside the preempt-count toggle (function+offset) and F2 its caller;
# max is the longest of its entries, hits and entries their sums. The
# histogram itself, keyed by whole stacks (16 lines an entry, thousands
# of entries), takes longer than the load to print on an emulated serial
# console. Its Entries: and Dropped: totals follow.
preemptoff_sites() {
	awk '
	/^\{ stack\.stacktrace/ { sub(/^\{ stack\.stacktrace/, ""); e = 1; k = ""; n = 0 }
	e && /^[ \t]*[^ \t}]+\+0x/ {
		f = $1
		sub(/\/.*/, "", f)
		fn = f
		sub(/[+.].*/, "", fn)
		if (fn !~ /^(trace_preempt_on|preempt_latency_stop|preempt_count_sub|class_preempt_destructor)$/ && n++ < 2)
			k = k " " f
		next
	}
	e && /^\} hitcount:/ { hits = $3; next }
	e && /^[ \t]*max:/ {
		if (!(k in cnt))
			order[++nk] = k
		cnt[k]++
		sum[k] += hits
		if ($2 + 0 > max[k] + 0)
			max[k] = $2
		e = 0
		next
	}
	/^[ \t]*(Entries|Dropped):/ { tot = tot $0 "\n" }
	END {
		for (i = 1; i <= nk; i++)
			print "site max=" max[order[i]] " hits=" sum[order[i]] " entries=" cnt[order[i]] " frames" order[i]
		printf "%s", tot
	}
	'
}

# cyclictest_start / cyclictest_stop: cyclictest in the background, one
# SCHED_FIFO 95 thread a CPU waking every 1 ms, with a latency histogram
# in us up to 20 ms; stopping it (SIGINT) prints the histogram's non-empty
# buckets and its summary lines for the host.
cyclictest_start() {
	cyclictest -q -m -S -p 95 -i 1000 -h 20000 >/tmp/cyclictest.out 2>&1 &
	_ct_pid=$!
}

cyclictest_stop() {
	kill -INT $_ct_pid
	wait $_ct_pid
	_s=$?
	echo "LAB-CYCLICTEST-BEGIN status=$_s"
	awk '{ n = 0; for (i = 2; i <= NF; i++) n += $i } /^#/ || n > 0' /tmp/cyclictest.out |
		sed 's/^/LAB-CYCLICTEST /'
	echo "LAB-CYCLICTEST-END"
}

# latency_calibrate: lat_calibrate.ko (guest/modules/) runs empty sections
# of both kinds at sites of its own, which the armed histograms time: the
# instrument's own share of every section (latency-parse.awk reports them as
# the floor). Prints LAB-CALIBRATE runs=N.
latency_calibrate() {
	insmod /lab/lat_calibrate.ko || { say "LAB-CALIBRATE missing: lat_calibrate did not load"; return 1; }
	# Where its code is, as an offset from _stext like the histograms'
	# sites (the host names kernel sites from System.map, not modules').
	_st=$(awk '$3 == "_stext" { print $1; exit }' /proc/kallsyms)
	_tx=$(cat /sys/module/lat_calibrate/sections/.text)
	say "LAB-CALIBRATE text_off=$((0x${_tx#0x} - 0x$_st)) size=$(cat /sys/module/lat_calibrate/coresize)"
	dmesg | sed -n 's/.*\(LAB-CALIBRATE runs=[0-9]*\).*/\1/p' | tail -n 1
}

# slab_burst_start SLABS [PARAM=VALUE...] / slab_burst_stop: slab_burst.ko (guest/modules/)
# leaves SLABS partial slabs in a cache of its own and frees them from
# another CPU, burst after burst, until stopped. Stopping waits for the
# current burst and prints how many ran; its case, slab_burst, passes when
# a burst of SLABS slabs ran.
slab_burst_start() {
	_burst_slabs=$1
	shift
	insmod /lab/slab_burst.ko slabs="$_burst_slabs" "$@"
}

slab_burst_stop() {
	_p=/sys/module/slab_burst/parameters
	if [ ! -d $_p ]; then
		say "LAB-BURST missing: slab_burst did not load"
		lab_result slab_burst fail
		return 1
	fi
	echo 1 >$_p/stop
	while [ "$(cat $_p/done)" != Y ]; do sleep 1; done
	_bursts=$(cat $_p/bursts)
	say "LAB-BURST slabs=$(cat $_p/slabs) bursts=$_bursts"
	if [ "$(cat $_p/slabs)" = "$_burst_slabs" ] && [ "$_bursts" -gt 0 ]; then
		lab_result slab_burst pass
	else
		lab_result slab_burst fail
		return 1
	fi
}

# Lock-contention attribution. contention_arm pairs every
# lock:contention_begin with the same task's contention_end (histogram
# variables keyed by pid) into a lock_wait event: the wait in trace-clock
# ns, the lock's LCB_F_* flags and the stack at contention_begin. The
# histogram on lock_wait counts them and sums the wait per stack and flags.
# Every lock type fires these tracepoints, RT's sleeping spinlocks and
# local locks (rtmutex) as well as raw spinlocks (qspinlock), but a guest
# that sees a hypervisor spins on raw spinlocks in virt_spin_lock(), which
# fires none (lab/run/boot.sh --native-cpu hides it). Fails when tracing is
# missing.
_contention_hist='hist:keys=stack.stacktrace,flags:vals=hitcount,ns:sort=ns.descending:size=4096'
contention_arm() {
	_t=$(tracefs)
	if [ ! -d $_t/events/lock/contention_begin ] || [ ! -f $_t/synthetic_events ]; then
		echo "LAB-CONTENTION missing: this kernel has no lock contention tracepoints or synthetic events (configs/bench.config)"
		return 1
	fi
	echo 'lock_wait u64 ns; unsigned int flags; unsigned long[] stack' >>$_t/synthetic_events &&
	echo 'hist:keys=common_pid:t0=common_timestamp,f0=flags,st=common_stacktrace:size=16384' \
		>>$_t/events/lock/contention_begin/trigger &&
	echo 'hist:keys=common_pid:d=common_timestamp-$t0,f=$f0,s=$st:onmatch(lock.contention_begin).trace(lock_wait,$d,$f,$s):size=16384' \
		>>$_t/events/lock/contention_end/trigger &&
	echo "$_contention_hist" >>$_t/events/synthetic/lock_wait/trigger || {
		echo "LAB-CONTENTION missing: the histogram triggers were refused"
		sed 's/^/LAB-CONTENTION error /' $_t/error_log
		return 1
	}
	echo "LAB-CONTENTION armed clock=$(sed 's/.*\[\(.*\)\].*/\1/' $_t/trace_clock)"
}

# SLUB's event counters (CONFIG_SLUB_STATS, configs/slub-stats.config),
# summed over every cache (a merged cache's alias is a symlink, skipped):
# slub_stats_clear zeroes them, slub_stats_print LABEL prints those this
# kernel has. Neither does anything on a kernel without them. On plain 7.x
# a failed local_trylock() of the per-CPU sheaves has no counter of its
# own: the operation falls to the slow path and is counted there; the 7.x
# series (patches-7.3/) counts it in alloc_pcs_locked and free_pcs_locked.
_slub_stats='alloc_fastpath alloc_slowpath free_fastpath free_slowpath alloc_pcs_locked free_pcs_locked barn_get barn_get_fail barn_put barn_put_fail'
slub_stats_clear() {
	[ -f /sys/kernel/slab/kmem_cache/alloc_fastpath ] || return 0
	for _d in /sys/kernel/slab/*; do
		[ -L $_d ] && continue
		for _f in $_slub_stats; do
			[ ! -f $_d/$_f ] || echo 0 >$_d/$_f || return 1
		done
	done
}

slub_stats_print() {
	[ -f /sys/kernel/slab/kmem_cache/alloc_fastpath ] || return 0
	for _f in $_slub_stats; do
		[ -f /sys/kernel/slab/kmem_cache/$_f ] || continue
		_sum=0
		for _d in /sys/kernel/slab/*; do
			# A cache destroyed meanwhile is skipped.
			[ -L $_d ] || [ ! -f $_d/$_f ] && continue
			read -r _n _rest <$_d/$_f || continue
			_sum=$((_sum + _n))
		done
		echo "LAB-SLUB-STATS $1 $_f $_sum"
	done
}

# contention_run LABEL HACKBENCH-ARGS...: one hackbench run under perf stat
# (its context switches) with the lock_wait histogram and SLUB's counters
# cleared before it and read after it, so that their totals are the run's
# alone; prints them, prefixed for the host.
contention_run() {
	_label=$1
	shift
	_h=/sys/kernel/tracing/events/synthetic/lock_wait
	{ echo "$_contention_hist:clear" >>$_h/trigger && echo "$_contention_hist:cont" >>$_h/trigger; } || {
		echo "LAB-CONTENTION missing: the lock_wait histogram could not be cleared (contention_arm not run?)"
		lab_result "contention.$_label" fail
		return 1
	}
	slub_stats_clear || {
		echo "LAB-SLUB-STATS missing: SLUB's counters could not be cleared"
		lab_result "contention.$_label" fail
		return 1
	}
	echo "LAB-CONTENTION-BEGIN $_label args=$*"
	perf stat -e context-switches hackbench "$@" >/tmp/contention.out 2>&1
	_s=$?
	echo "$_contention_hist:pause" >>$_h/trigger || _s=1
	slub_stats_print $_label || _s=1
	sed 's/^/LAB-CONTENTION perf /' /tmp/contention.out
	sed 's/^/LAB-CONTENTION hist /' $_h/hist
	say "LAB-CONTENTION-END $_label status=$_s"
	if [ $_s = 0 ]; then
		lab_result "contention.$_label" pass
	else
		lab_result "contention.$_label" fail
	fi
	return $_s
}
