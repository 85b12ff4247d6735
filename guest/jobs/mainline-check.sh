# Guest job for a check boot of Debian's 7.3 (mainline-rt-debug): 7.3's
# own slub_kunit and test_meminit ran at boot (KUnit and
# CONFIG_TEST_MEMINIT); then the check job's two short hackbench runs
# under perf stat, the last CPU going offline and online in a loop beside
# them, the second in a memory cgroup small enough to be reclaimed
# (guest/load.sh). The series' own tests and selftest are not in 7.3.
# Lines "#lab-expect: REGEX" must each match the kernel log or a program's
# output, "#lab-case: ID" name cases the job must record as passed (the
# guest's judge, guest/judge.sh).
#lab-expect: ok [0-9]+ slub_test
#lab-expect: # slub_test: .*pass:[1-9]
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
