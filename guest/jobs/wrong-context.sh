# Guest job for `make check`: load slab_wrong_context.ko, which calls
# kmalloc(GFP_ATOMIC) and kfree() under a raw_spinlock_t. On a PREEMPT_RT
# debug kernel the boot must fail with lockdep's and the might-sleep
# check's reports naming the module's init function (lab/check.sh requires
# them, lab/expect-report.sh; the guest judges them too, a result line
# each); this job runs the selftests, as every job does, and loads the
# module.
#lab-expect: slab_wrong_context: kmalloc and kfree under a raw spinlock returned
. /lab/lib.sh
lab_info
fail=0
run_selftests || fail=1
insmod /lab/slab_wrong_context.ko || fail=1
# Each report, with a stack naming the caller within 60 lines of it.
for report in 'BUG: Invalid wait context' 'BUG: sleeping function called from invalid context'; do
	if dmesg | awk -v r="$report" '
		index($0, r) { left = 60; next }
		left > 0 { left--; if ($0 ~ /slab_wrong_context_init\+0x/) { found = 1; exit } }
		END { exit !found }'; then
		lab_result "report $report" pass
	else
		lab_result "report $report" fail
		fail=1
	fi
done
exit $fail
