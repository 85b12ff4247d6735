# Guest job for `make check`: the project's selftests, then a short
# hackbench under perf stat while the slab_sysfs selftest reads and shrinks
# every cache in a loop. Built-in KUnit suites and test_meminit ran at boot,
# and so did slub_bench when the kernel command line asks for it.
# Lines "#lab-expect: REGEX" must each match the console log, so a guest
# that never ran a test cannot pass.
#lab-expect: ok [0-9]+ slub_test
#lab-expect: # slub_test: .*pass:[1-9]
#lab-expect: ok [0-9]+ test_fastpath_stress
#lab-expect: ok [0-9]+ test_shrink_while_partial_drains
#lab-expect: test_meminit: all [0-9]+ tests passed
#lab-expect: LAB-HACKBENCH-END process_pipes status=0
#lab-expect: LAB-HACKBENCH-END thread_sockets status=0
#lab-expect: ^Time: [0-9.]+
#lab-expect: seconds time elapsed
. /lab/lib.sh
lab_info
fail=0
run_selftests || fail=1
check_builtin_slub_bench || fail=1
with_slab_stress run_hackbench process_pipes 2 -p -g 2 -l 40 || fail=1
with_slab_stress run_hackbench thread_sockets 2 -T -g 2 -l 40 || fail=1
exit $fail
