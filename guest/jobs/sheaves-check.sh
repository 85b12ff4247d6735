# Guest job for a check boot of Debian's 7.3 with the sheaves series
# (patches-7.3/, variants sheaves-*-debug): 7.3's own slub_kunit with the
# series' cases, the stress ones on (slub_kunit.stress=1 on the variant's
# command line), and test_meminit ran at boot; then two short hackbench
# runs under perf stat, the last CPU going offline and online in a loop
# beside them, the second in a memory cgroup small enough to be reclaimed
# (guest/load.sh).
# The stress cases skip when no slab call was preempted in the middle; the
# lines on them below require that it was, and that the CPU taken down
# died with objects in its sheaves (what slub_cpu_dead() must flush).
# Lines "#lab-expect: REGEX" must each match the kernel log or a program's
# output, "#lab-case: ID" name cases the job must record as passed (the
# guest's judge, guest/judge.sh).
#lab-expect: ok [0-9]+ slub_test
#lab-expect: # slub_test: .*pass:[1-9]
#lab-expect: ok [0-9]+ test_sheaves_stress
#lab-expect: # test_sheaves_stress: [1-9][0-9]* slab calls began while one of their CPU's was preempted
#lab-expect: test_sheaves_stress_hotplug: CPU [0-9]+ went offline [1-9][0-9]* times, [1-9][0-9]* of them with objects in its sheaves
#lab-expect: # test_sheaves_stress_hotplug: [1-9][0-9]* slab calls began while one of their CPU's was preempted
#lab-expect: ok [0-9]+ test_partial_walk_skips_pfmemalloc
#lab-expect: test_meminit: all [0-9]+ tests passed
#lab-expect: seconds time elapsed
#lab-case: hackbench.process_pipes
#lab-case: hackbench.thread_sockets
#lab-case: hotplug
#lab-case: memcg
. /lab/lib.sh
. /lab/load.sh
lab_info
fail=0
boot_checks || fail=1
check_hackbench || fail=1
exit $fail
