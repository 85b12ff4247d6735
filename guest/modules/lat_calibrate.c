// SPDX-License-Identifier: GPL-2.0
/*
 * lat_calibrate: the latency guard's measure of itself (make bench
 * BENCH_ARGS=--latency). On load it runs @runs empty preemption-off
 * sections (lat_calibrate_preempt()), as many empty interrupts-off ones
 * (lat_calibrate_irqs()), nothing between the toggles, and as many
 * preemption-off sections holding nothing but one empty interrupts-off
 * section (lat_calibrate_nested()). The guard's histograms time them like
 * any other section, at these sites: the longest empty one is what the
 * instrument adds to a section by itself, the floor below which a measured
 * section cannot be told from an empty one. The nested one adds what the
 * interrupts-off histogram's own triggers run inside a preemption-off
 * section, which every section that takes a raw spinlock with
 * interrupts disabled (a barn exchange in SLUB) also counts.
 */
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/preempt.h>

static unsigned int runs = 20000;
module_param(runs, uint, 0444);
MODULE_PARM_DESC(runs, "sections of each kind to run on load (default 20000)");

static noinline void lat_calibrate_preempt(void)
{
	preempt_disable();
	preempt_enable();
}

static noinline void lat_calibrate_irqs(void)
{
	local_irq_disable();
	local_irq_enable();
}

static noinline void lat_calibrate_nested(void)
{
	preempt_disable();
	local_irq_disable();
	local_irq_enable();
	preempt_enable();
}

static int __init lat_calibrate_init(void)
{
	unsigned int i;

	for (i = 0; i < runs; i++)
		lat_calibrate_preempt();
	for (i = 0; i < runs; i++)
		lat_calibrate_irqs();
	for (i = 0; i < runs; i++)
		lat_calibrate_nested();
	pr_info("LAB-CALIBRATE runs=%u\n", runs);
	return 0;
}

static void __exit lat_calibrate_exit(void)
{
}

module_init(lat_calibrate_init);
module_exit(lat_calibrate_exit);
MODULE_DESCRIPTION("Empty and nested preemption-off and interrupts-off sections, to calibrate the latency guard");
MODULE_LICENSE("GPL");
