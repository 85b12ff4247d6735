# Guest job booted with an out-of-range slab_cpu_partial= value followed by
# malformed ones (make check appends them): the first must be clamped to
# 1024 objects with a warning, each malformed one must log a warning and
# change nothing, so every cache ends with a budget of 1024 objects (0 for
# debugged caches). Needs a kernel with CONFIG_SLUB_CPU_PARTIAL=y.
#lab-expect: slab_cpu_partial=2147483648: more than 1024 objects; using 1024
#lab-expect: slab_cpu_partial=banana: not off, on or a number of objects; ignored
#lab-expect: slab_cpu_partial=-1: not off, on or a number of objects; ignored
#lab-expect: slab_cpu_partial=99999999999999999999: not off, on or a number of objects; ignored
#lab-case: clamped_budgets
# The boot-time tests ran with every cache at the clamped budget, the
# longest per-CPU partial lists of any boot of the check.
#lab-expect: ok [0-9]+ slub_test
#lab-expect: test_meminit: all [0-9]+ tests passed
. /lab/lib.sh
lab_info
n=0 wrong=0
for d in /sys/kernel/slab/*; do
	[ -L "$d" ] && continue
	have=$(cat "$d/cpu_partial")
	if cat "$d/sanity_checks" "$d/red_zone" "$d/poison" "$d/store_user" | grep -q 1; then
		want=0
	else
		want=1024
	fi
	n=$((n + 1))
	if [ "$have" != "$want" ]; then
		echo "${d##*/}: cpu_partial $have, want $want"
		wrong=$((wrong + 1))
	fi
done
say "LAB-CLAMPED-BUDGETS caches=$n wrong=$wrong"
if [ $n -gt 0 ] && [ $wrong = 0 ]; then
	lab_result clamped_budgets pass
else
	lab_result clamped_budgets fail
fi
run_selftests
