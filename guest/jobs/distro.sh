# Guest job for `make check-distro`: Debian's RT configuration with the
# lab's lockdep fragment, the series or plain 6.12, on two NUMA nodes. The
# nodes the guest sees, the selftests shipped (the series' slab_sysfs;
# plain 6.12 has none), then hackbench (pipes, then threads) under perf
# stat while a busybox walk reads every slab attribute and shrinks every
# cache and the last CPU goes offline and online in a loop; the threads
# run in a memory group reclaimed to its limit. The same job on both
# trees, so that a failure can be told apart from the series'. Built-in
# KUnit suites and test_meminit ran at boot.
#lab-expect: ok [0-9]+ slub_test
#lab-expect: # slub_test: .*pass:[1-9]
#lab-expect: test_meminit: all [0-9]+ tests passed
#lab-case: hackbench.process_pipes
#lab-case: hackbench.thread_sockets
#lab-case: hotplug
#lab-case: memcg
#lab-case: slab_walk
. /lab/lib.sh
. /lab/load.sh
lab_info
fail=0
hold_perf_keys || fail=1
boot_checks || fail=1
slab_walk_start
with_cpu_hotplug run_hackbench process_pipes 2 -p -g 2 -l 40 || fail=1
with_cpu_hotplug in_memory_group "$MEMCG_LIMIT" \
	run_hackbench thread_sockets 2 -T -g 2 -l 40 || fail=1
slab_walk_stop
exit $fail
