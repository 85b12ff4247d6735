# steps.sh: wall time of each step of a run (POSIX sh, sourced). A run sets
# LAB_STEPS to a file and exports it; every step timed while it is set adds
# a row "NAME<TAB>SECONDS<TAB>CPU" there, from check.sh or from a script it
# calls; CPU is the host's use of all its cores over the step, in percent
# (what is idle is what a step running beside it could use), or empty. A
# NAME that starts with two spaces is a part of a step, written when the
# part ends, so before the row of the step it belongs to (the next row
# without the spaces); parts are left out of the total. Nothing is
# recorded while LAB_STEPS is unset.

# cpu_ticks: "BUSY ALL", the host's CPU time so far (all cores, in ticks),
# busy and in all, from /proc/stat ("" where there is none).
cpu_ticks() {
	awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 + $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' \
		/proc/stat 2>/dev/null
}

# step_since NAME START [TICKS]: record NAME as taking from START (date +%s)
# to now; with TICKS (cpu_ticks at START), the host's CPU use meanwhile.
step_since() {
	[ -n "${LAB_STEPS:-}" ] || return 0
	_cpu=
	[ -z "${3:-}" ] || _cpu=$(echo "$3 $(cpu_ticks)" |
		awk 'NF == 4 && $4 > $2 { printf "%d", 100 * ($3 - $1) / ($4 - $2) + 0.5 }')
	printf '%s\t%s\t%s\n' "$1" "$(($(date +%s) - $2))" "$_cpu" >>"$LAB_STEPS"
}

# timed NAME CMD...: run CMD, record its time as NAME, return its status.
# Not reentrant (globals _step, _t0, _c0, _rc): CMD is a command, not a
# function that calls timed.
timed() {
	_step=$1 _t0=$(date +%s) _c0=$(cpu_ticks)
	shift
	"$@"
	_rc=$?
	step_since "$_step" "$_t0" "$_c0"
	return $_rc
}

# steps_table FILE: the rows of FILE as a table, minutes and seconds and the
# CPU use, with the total of the top-level rows (its CPU use weighted by
# each row's time).
steps_table() {
	awk -F '\t' '
	function mmss(s) { return sprintf("%d min %02d s", s / 60, s % 60) }
	# A step of under a second has too few ticks for its CPU use to mean much.
	function row(name, s, cpu) { printf "  %-60s %12s %9s\n", name, mmss(s), cpu == "" || s < 1 ? "" : cpu "% cpu" }
	{ row($1, $2, $3) }
	$1 !~ /^  / { total += $2; if ($3 != "") { cs += $2; cw += $2 * $3 } }
	END { row("total", total, cs ? sprintf("%d", cw / cs + 0.5) : "") }' "$1"
}
