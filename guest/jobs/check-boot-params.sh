# Guest job for make check's boot-parameter variants (a build's boots after
# its first: slub_nomerge, slub_merge, slab_cpu_partial=0): the check job
# without hackbench, which the build's first boot runs. What the parameter
# changes is exercised by the boot-time tests (the KUnit suites, the
# fast-path stress test among them, test_meminit, slub_bench when the
# command line asks for it) and by the selftests, slab_sysfs reading and
# shrinking every cache.
#lab-expect: ok [0-9]+ slub_test
#lab-expect: # slub_test: .*pass:[1-9]
#lab-expect: ok [0-9]+ test_fastpath_stress
#lab-expect: # test_fastpath_stress: (fast paths failed their cmpxchg [1-9][0-9]* times|not fully preemptible)
#lab-expect: test_fastpath_stress_hotplug: CPU [0-9]+ went offline [1-9][0-9]* times, [1-9][0-9]* of them holding slabs
#lab-expect: # test_fastpath_stress_hotplug: (fast paths failed their cmpxchg [1-9][0-9]* times|not fully preemptible)
#lab-expect: ok [0-9]+ test_shrink_while_partial_drains
#lab-expect: test_meminit: all [0-9]+ tests passed
#lab-case: selftest.slab_sysfs
. /lab/lib.sh
lab_info
fail=0
boot_checks || fail=1
exit $fail
