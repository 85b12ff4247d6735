// SPDX-License-Identifier: GPL-2.0
/*
 * slab_wrong_context: on load, kmalloc(GFP_ATOMIC) and kfree() under a
 * raw_spinlock_t with interrupts off. PREEMPT_RT forbids that: the slab
 * allocator may take sleeping locks (the cpu_slab local lock, list_lock).
 * A debug kernel must report it, lockdep with "Invalid wait context"
 * (PROVE_RAW_LOCK_NESTING) and DEBUG_ATOMIC_SLEEP with "sleeping function
 * called from invalid context", even when both calls take the lockless fast
 * paths. The lab's wrong-context job loads it and requires both reports.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

static DEFINE_RAW_SPINLOCK(wrong_context_lock);

static int __init slab_wrong_context_init(void)
{
	unsigned long flags;
	void *p;

	/* One allocation in a valid context leaves a cpu slab to take from. */
	p = kmalloc(64, GFP_KERNEL);
	kfree(p);

	raw_spin_lock_irqsave(&wrong_context_lock, flags);
	p = kmalloc(64, GFP_ATOMIC);
	kfree(p);
	raw_spin_unlock_irqrestore(&wrong_context_lock, flags);

	pr_info("slab_wrong_context: kmalloc and kfree under a raw spinlock returned\n");
	return 0;
}
module_init(slab_wrong_context_init);

static void __exit slab_wrong_context_exit(void)
{
}
module_exit(slab_wrong_context_exit);

MODULE_DESCRIPTION("Slab calls in a context PREEMPT_RT forbids, for the lab");
MODULE_LICENSE("GPL");
