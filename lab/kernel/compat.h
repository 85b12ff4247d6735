/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included (-include) when lab/kernel/build.sh builds the external
 * modules written against 6.12 (the series' lib/slub_bench.c, the lab's
 * guest/modules/) for a newer tree, so that every variant runs one
 * source. In 6.12 cpumask_next_wrap() takes (n, mask, start, wrap);
 * newer kernels (7.x) take (n, mask) and wrap once. For the modules'
 * calls, (cpu, cpu_online_mask, cpu, false), both give the next online
 * CPU after cpu; with cpu alone online, 6.12 gives >= nr_cpu_ids and 7.x
 * cpu itself, which the callers treat alike (they then stay on cpu).
 * A call with two arguments expands to itself.
 */
#define cpumask_next_wrap(n, mask, ...) cpumask_next_wrap(n, mask)
