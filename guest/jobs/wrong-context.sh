# Guest job for `make check`: load slab_wrong_context.ko, which calls
# kmalloc(GFP_ATOMIC) and kfree() in a context PREEMPT_RT forbids. By
# default under a raw_spinlock_t: on a PREEMPT_RT debug kernel the boot
# must fail with lockdep's and the might-sleep check's reports naming the
# module's init function. Booted with lab.wrong_context=hardirq, from a
# hard interrupt: the series' hard-interrupt check must warn, naming the
# interrupt's function. lab/check/check.sh requires the reports too
# (lab/verdict/expect-report.sh); the guest judges them, a case each. This
# job runs the selftests, as every job does, and loads the module.
#lab-expect: slab_wrong_context: kmalloc and kfree (under a raw spinlock|in a hard interrupt) returned
. /lab/lib.sh
lab_info
fail=0
run_selftests || fail=1
if grep -qw lab.wrong_context=hardirq /proc/cmdline; then
	insmod /lab/slab_wrong_context.ko hardirq=1 || fail=1
	fn=slab_wrong_context_hardirq
	set -- 'slab call in hard interrupt or NMI context on PREEMPT_RT'
else
	insmod /lab/slab_wrong_context.ko || fail=1
	fn=slab_wrong_context_init
	set -- 'BUG: Invalid wait context' 'BUG: sleeping function called from invalid context'
fi
# Each report, with a stack naming the caller within 60 lines of it.
for report; do
	if dmesg | awk -v r="$report" -v f="$fn" '
		index($0, r) { left = 60; next }
		left > 0 { left--; if (index($0, f "+0x")) { found = 1; exit } }
		END { exit !found }'; then
		lab_result "report $report" pass
	else
		lab_result "report $report" fail
		fail=1
	fi
done
exit $fail
