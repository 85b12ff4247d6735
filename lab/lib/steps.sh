# steps.sh: wall time of each step of a run (POSIX sh, sourced). A run sets
# LAB_STEPS to a file and exports it; every step timed while it is set adds
# a row "NAME<TAB>SECONDS" there, from check.sh or from a script it calls.
# A NAME that starts with two spaces is a part of a step, written when the
# part ends, so before the row of the step it belongs to (the next row
# without the spaces); parts are left out of the total. Nothing is
# recorded while LAB_STEPS is unset.

# step_since NAME START: record NAME as taking from START (date +%s) to now.
step_since() {
	[ -z "${LAB_STEPS:-}" ] ||
		printf '%s\t%s\n' "$1" "$(($(date +%s) - $2))" >>"$LAB_STEPS"
}

# timed NAME CMD...: run CMD, record its time as NAME, return its status.
# Not reentrant (globals _step, _t0, _rc): CMD is a command, not a function
# that calls timed.
timed() {
	_step=$1 _t0=$(date +%s)
	shift
	"$@"
	_rc=$?
	step_since "$_step" "$_t0"
	return $_rc
}

# steps_table FILE: the rows of FILE as a table, minutes and seconds, with
# the total of the top-level rows.
steps_table() {
	awk -F '\t' '
	function mmss(s) { return sprintf("%d min %02d s", s / 60, s % 60) }
	{ printf "  %-66s %12s\n", $1, mmss($2) }
	$1 !~ /^  / { total += $2 }
	END { printf "  %-66s %12s\n", "total", mmss(total) }' "$1"
}
