# Guest job for `make mutation`: the project's selftests (boot.sh requires
# every one shipped to report). The one KUnit case the mutation must fail
# ran at boot (lab/check/mutation.sh boots with kunit.filter_glob naming it); the
# host reads its result from the log.
#lab-expect: # Subtest: slub_test
. /lab/lib.sh
lab_info
run_selftests
