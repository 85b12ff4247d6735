# The parts of a check run that boot guests and report (POSIX sh, sourced
# by lab/check/check.sh and lab/check/check-distro.sh after lab/lib/cases.sh and
# lab/lib/steps.sh): $out is the run's results folder, $T_CASES its cases
# for the JUnit file.

# boot_test NAME DESCRIPTION BOOT-ARGS...: boot a guest, show its verdict,
# count it as one test; the cases of its record go to the JUnit file too,
# each in the suite "guest NAME".
boot_test() {
	_name=$1 _desc=$2
	shift 2
	timed "boot $_name" sh lab/run/boot.sh --out "$out/$_name" "$@" >"$out/$_name.verdict" 2>&1
	_rc=$?
	if [ $_rc = 0 ]; then
		sed 's/^/    /' "$out/$_name.verdict"
		t_pass "$_desc"
	else
		t_fail "$_desc" "$(cat "$out/$_name.verdict")
log: $out/$_name/console.log"
	fi
	guest_cases "$_name"
}

# guest_cases NAME: the cases of boot NAME's record (lab/verdict/record.sh)
# as JUnit rows; a failed case carries the run's reasons, the diagnostics
# of its failed cases and where the whole log is.
guest_cases() {
	_rec=$out/$1/result.json
	[ -f "$_rec" ] || return 0
	_detail=
	if [ "$(jq -r .status "$_rec")" != ok ]; then
		_detail=$out/$1.failed
		jq -r '.reasons[], (.cases[] | select(.result == "fail") | .id + ": " + (.diagnostics | join("; "))),
			"console log: " + .console' "$_rec" >"$_detail"
	fi
	jq -r '.cases[] | [.id, .result] | @tsv' "$_rec" |
		while IFS='	' read -r _id _st; do
			_d=
			[ "$_st" != fail ] || _d=$_detail
			printf 'guest %s\t%s\t%s\t\t%s\n' "$1" "$_id" "$_st" "$_d"
		done >>"$T_CASES"
}

# finish NAME: the step table, on screen and beside the results, the
# JUnit file of the run NAME, then the closing line.
finish() {
	t_section "wall time of each step"
	steps_table "$LAB_STEPS" | tee "$out/steps.txt"
	# JUnit for CI, from every case of the run (tools/junit).
	if make -s -C tools/junit >"$out/junit-build.log" 2>&1 &&
		tools/junit/junit --name "$1" \
			-o "$out/junit.xml" "$T_CASES" 2>>"$out/junit-build.log"; then
		echo "junit: $out/junit.xml"
	else
		t_fail "the JUnit file is written (tools/junit)" "$(tail -n 10 "$out/junit-build.log")"
	fi
	echo "results: $out"
	t_summary
}

