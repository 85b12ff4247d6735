// SPDX-License-Identifier: GPL-2.0
/*
 * slab_burst: the load of the latency guard (make bench BENCH_ARGS=--latency).
 * Loaded, it starts a thread that, burst after burst, creates a cache,
 * allocates @slabs slabs' worth of objects on the first online CPU, frees
 * all but the first object of each slab (every slab goes partial: per-CPU
 * partial lists overflow to the node's list), frees the objects left from
 * a thread on the next CPU (remote frees that empty and discard the slabs;
 * with one CPU, from another thread on it) and destroys the cache. It
 * stops when 1 is written to its "stop" parameter; "bursts" then counts
 * the bursts done. Whatever walks a partial list under list_lock meanwhile
 * (shrink, sysfs counters, allocation) meets a list @slabs long. With
 * @bulk the objects each slab loses first are freed with one
 * kmem_cache_free_bulk() a slab, as a bulk caller frees them; with
 * slab_debug= that is one list_lock hold of debug checks a slab. @size is
 * the objects' size; with objects of a page or more, @slabs counts objects.
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

static unsigned int slabs = 1000;
module_param(slabs, uint, 0444);
MODULE_PARM_DESC(slabs, "partial slabs to leave, then free remotely (default 1000)");

static bool stop;
module_param(stop, bool, 0644);
MODULE_PARM_DESC(stop, "write 1 to stop after the current burst");

static unsigned int bursts;
module_param(bursts, uint, 0444);
MODULE_PARM_DESC(bursts, "bursts done; final once \"done\" is 1");

static bool done;
module_param(done, bool, 0444);
MODULE_PARM_DESC(done, "1 once the bursts have stopped");

static bool bulk;
module_param(bulk, bool, 0444);
MODULE_PARM_DESC(bulk, "free each slab's first objects with one kmem_cache_free_bulk() (default 0)");

static unsigned int size = 256;
module_param(size, uint, 0444);
MODULE_PARM_DESC(size, "object size in bytes (default 256)");

struct burst {
	struct kmem_cache *cache;
	void **objs;
	unsigned long nr;	/* to allocate, then allocated */
	unsigned long kept;	/* one per slab, in objs[0..kept) */
	struct completion step;
};

/* The first object of each slab stays; the others are freed here. */
static int burst_fill(void *arg)
{
	struct burst *b = arg;
	struct page *last = NULL;
	unsigned long i, first = 0;

	for (i = 0; i < b->nr; i++) {
		b->objs[i] = kmem_cache_alloc(b->cache, GFP_KERNEL);
		if (!b->objs[i])
			break;
		cond_resched();
	}
	b->nr = i;
	b->kept = 0;
	for (i = 0; i <= b->nr; i++) {
		struct page *page = i < b->nr ? virt_to_head_page(b->objs[i]) : NULL;

		/* With @bulk, a slab's others go at once when it ends. */
		if (bulk && page != last && i > first + 1)
			kmem_cache_free_bulk(b->cache, i - first - 1,
					     &b->objs[first + 1]);
		if (i == b->nr)
			break;
		if (page != last) {
			first = i;
			b->objs[b->kept++] = b->objs[i];
		} else if (!bulk) {
			kmem_cache_free(b->cache, b->objs[i]);
		}
		last = page;
		cond_resched();
	}
	complete(&b->step);
	return 0;
}

static int burst_drain(void *arg)
{
	struct burst *b = arg;
	unsigned long i;

	for (i = 0; i < b->kept; i++) {
		kmem_cache_free(b->cache, b->objs[i]);
		cond_resched();
	}
	complete(&b->step);
	return 0;
}

/* Run @fn on @cpu and wait for it; without a thread, run it here. */
static void burst_on(int (*fn)(void *), struct burst *b, unsigned int cpu)
{
	struct task_struct *t;

	reinit_completion(&b->step);
	t = kthread_run_on_cpu(fn, b, cpu, "slab_burst/%u");
	if (IS_ERR(t))
		fn(b);
	wait_for_completion(&b->step);
}

static int burst_loop(void *arg)
{
	unsigned int first = cpumask_first(cpu_online_mask);
	unsigned int next = cpumask_next_wrap(first, cpu_online_mask, first, false);
	/* objects a slab of order 0 holds, at least one for larger ones */
	unsigned long per_slab = max(PAGE_SIZE / max(size, 8U), 1UL);
	struct burst b = { };

	if (next >= nr_cpu_ids)
		next = first;
	init_completion(&b.step);
	b.objs = vmalloc_array(slabs * per_slab, sizeof(*b.objs));
	while (b.objs && !READ_ONCE(stop) && !kthread_should_stop()) {
		b.cache = kmem_cache_create("slab_burst", max(size, 8U), 0,
					    SLAB_NO_MERGE, NULL);
		if (!b.cache)
			break;
		b.nr = slabs * per_slab;
		burst_on(burst_fill, &b, first);
		if (!bursts)
			pr_info("slab_burst: %lu objects on cpu %u, %lu partial slabs, freed on cpu %u\n",
				b.nr, first, b.kept, next);
		burst_on(burst_drain, &b, next);
		kmem_cache_destroy(b.cache);
		WRITE_ONCE(bursts, bursts + 1);
	}
	vfree(b.objs);
	pr_info("slab_burst: %u bursts of %u slabs\n", bursts, slabs);
	WRITE_ONCE(done, true);
	return 0;
}

static struct task_struct *loop;

static int __init slab_burst_init(void)
{
	loop = kthread_run(burst_loop, NULL, "slab_burst");
	return PTR_ERR_OR_ZERO(loop);
}
module_init(slab_burst_init);

static void __exit slab_burst_exit(void)
{
	WRITE_ONCE(stop, true);
	while (!READ_ONCE(done))
		msleep(10);
}
module_exit(slab_burst_exit);

MODULE_DESCRIPTION("Thousands of partial slabs freed from another CPU, for the lab");
MODULE_LICENSE("GPL");
