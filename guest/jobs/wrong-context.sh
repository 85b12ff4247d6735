# Guest job for `make check`: load slab_wrong_context.ko, which calls
# kmalloc(GFP_ATOMIC) and kfree() under a raw_spinlock_t. On a PREEMPT_RT
# debug kernel the boot must fail with lockdep's and the might-sleep
# check's reports naming the module's init function (lab/check.sh requires
# them); this job runs the selftests, as every job does, and loads the
# module.
#lab-expect: slab_wrong_context: kmalloc and kfree under a raw spinlock returned
. /lab/lib.sh
lab_info
fail=0
run_selftests || fail=1
insmod /lab/slab_wrong_context.ko || fail=1
exit $fail
