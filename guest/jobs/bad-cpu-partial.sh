# Guest job booted with malformed slab_cpu_partial= values (make check
# appends them): each must log a warning, and every cache must keep its
# default per-CPU partial budget, which set_cpu_partial() derives from the
# object size (6, 24, 52 or 120 objects; 0 for debugged caches). Needs a
# kernel with CONFIG_SLUB_CPU_PARTIAL=y.
#lab-expect: slab_cpu_partial=banana: not off, on or a number of objects; keeping the default
#lab-expect: slab_cpu_partial=-1: not off, on or a number of objects; keeping the default
#lab-expect: slab_cpu_partial=99999999999: not off, on or a number of objects; keeping the default
#lab-expect: LAB-DEFAULT-BUDGETS caches=[1-9][0-9]* wrong=0
. /lab/lib.sh
lab_info
n=0 wrong=0
for d in /sys/kernel/slab/*; do
	[ -L "$d" ] && continue
	size=$(cat "$d/slab_size")
	have=$(cat "$d/cpu_partial")
	if cat "$d/sanity_checks" "$d/red_zone" "$d/poison" "$d/store_user" | grep -q 1; then
		want=0
	elif [ "$size" -ge 4096 ]; then
		want=6
	elif [ "$size" -ge 1024 ]; then
		want=24
	elif [ "$size" -ge 256 ]; then
		want=52
	else
		want=120
	fi
	n=$((n + 1))
	if [ "$have" != "$want" ]; then
		echo "${d##*/}: cpu_partial $have, default $want"
		wrong=$((wrong + 1))
	fi
done
echo "LAB-DEFAULT-BUDGETS caches=$n wrong=$wrong"
run_selftests
