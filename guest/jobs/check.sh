# Guest job for `make check`: the NUMA nodes the guest was given, the
# project's selftests, then two short hackbench runs under perf stat while
# the slab_sysfs selftest reads and shrinks every cache in a loop and the
# last CPU goes offline and online in a loop; the second runs in a memory
# cgroup small enough to be reclaimed (guest/load.sh in_memory_group).
# Built-in KUnit suites and test_meminit ran at boot, and so did slub_bench
# when the kernel command line asks for it. slub_kunit's long cases run
# only with slub_kunit.stress=1 (the debug variants' command line) and skip
# when their race did not come: the lines on the stress tests below require
# it on a fully preemptible kernel. The debug fragment's kernels
# have what this needs: CPU hotplug and memory cgroups.
# Lines "#lab-expect: REGEX" must each match the kernel log or a program's
# output, and each "#lab-case: ID" must be a case the job recorded as
# passed (the guest's judge, guest/judge.sh), so a guest that never ran a
# test cannot pass.
#lab-expect: ok [0-9]+ slub_test
#lab-expect: # slub_test: .*pass:[1-9]
#lab-expect: ok [0-9]+ test_fastpath_stress
#lab-expect: # test_fastpath_stress: (fast paths failed their cmpxchg [1-9][0-9]* times|not fully preemptible)
#lab-expect: test_fastpath_stress_hotplug: CPU [0-9]+ went offline [1-9][0-9]* times, [1-9][0-9]* of them holding slabs
#lab-expect: # test_fastpath_stress_hotplug: (fast paths failed their cmpxchg [1-9][0-9]* times|not fully preemptible)
#lab-expect: ok [0-9]+ test_shrink_while_partial_drains
#lab-expect: test_meminit: all [0-9]+ tests passed
#lab-expect: ^Time: [0-9.]+
#lab-expect: seconds time elapsed
#lab-case: hackbench.process_pipes
#lab-case: hackbench.thread_sockets
#lab-case: hotplug
#lab-case: memcg
. /lab/lib.sh
. /lab/load.sh
lab_info
fail=0
hold_perf_keys || fail=1
boot_checks || fail=1
with_slab_stress with_cpu_hotplug run_hackbench process_pipes 2 -p -g 2 -l 40 || fail=1
with_slab_stress with_cpu_hotplug in_memory_group "$MEMCG_LIMIT" \
	run_hackbench thread_sockets 2 -T -g 2 -l 40 || fail=1
exit $fail
