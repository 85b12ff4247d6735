// SPDX-License-Identifier: GPL-2.0
/*
 * slab_wrong_context: on load, slab calls in a context PREEMPT_RT forbids.
 * By default kmalloc(GFP_ATOMIC) and kfree() under a raw_spinlock_t with
 * interrupts off: the slab allocator may take sleeping locks there (the
 * cpu_slab local lock, list_lock), so a debug kernel must report it, lockdep
 * with "Invalid wait context" (PROVE_RAW_LOCK_NESTING) and DEBUG_ATOMIC_SLEEP
 * with "sleeping function called from invalid context", even when both calls
 * take the lockless fast paths. With hardirq=1 the same calls run from a
 * hard interrupt (an irq_work marked IRQ_WORK_HARD_IRQ, which PREEMPT_RT
 * does not thread), where the series' hard-interrupt check must warn
 * "slab call in hard interrupt or NMI context". The lab's wrong-context job
 * loads it and requires the reports, each naming the caller.
 */
#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

static bool hardirq;
module_param(hardirq, bool, 0444);
MODULE_PARM_DESC(hardirq, "make the calls from a hard interrupt instead of under a raw spinlock");

static DEFINE_RAW_SPINLOCK(wrong_context_lock);

static void slab_wrong_context_hardirq(struct irq_work *work)
{
	void *p = kmalloc(64, GFP_ATOMIC);

	kfree(p);
}

static struct irq_work wrong_context_work = IRQ_WORK_INIT_HARD(slab_wrong_context_hardirq);

static int __init slab_wrong_context_init(void)
{
	unsigned long flags;
	void *p;

	/* One allocation in a valid context leaves a cpu slab to take from. */
	p = kmalloc(64, GFP_KERNEL);
	kfree(p);

	if (hardirq) {
		irq_work_queue(&wrong_context_work);
		irq_work_sync(&wrong_context_work);
		pr_info("slab_wrong_context: kmalloc and kfree in a hard interrupt returned\n");
		return 0;
	}
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
