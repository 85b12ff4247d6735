# The parts of a check run that boot guests and report (POSIX sh, sourced
# by lab/check/check.sh, check-distro.sh and check-sheaves.sh after
# lab/lib/cases.sh and lab/lib/steps.sh): $out is the run's results
# folder, $T_CASES its cases for the JUnit file.

# check_results NAME: the run's results folder, $out
# ($LAB_RESULTS/<date>-NAME), with its step table (LAB_STEPS) and its cases
# for the JUnit file (T_CASES) started empty.
check_results() {
	out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-$1
	mkdir -p "$out"
	LAB_STEPS=$out/steps.tsv T_CASES=$out/cases.tsv
	export LAB_STEPS T_CASES
	: >"$LAB_STEPS"
	: >"$T_CASES"
}

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

# guest_cases NAME [RECORD]: the cases of boot NAME's record
# (lab/verdict/record.sh; default $out/NAME/result.json) as JUnit rows of
# the suite "guest NAME": a crashed case fails; a failed one carries the
# run's reasons, the diagnostics of its failed cases and where the whole
# log is ($out/NAME.failed).
guest_cases() {
	_rec=${2:-$out/$1/result.json}
	[ -f "$_rec" ] || return 0
	_detail=
	if [ "$(jq -r '.results.status' "$_rec")" != pass ]; then
		_detail=$out/$1.failed
		jq -r '.results.reasons[],
			(.results.tests[] | select(.result == "fail" or .result == "crashed")
				| .id + ": " + .result + (.diagnostics | map("; " + .) | join(""))),
			"console log: " + .artifacts.console' "$_rec" >"$_detail"
	fi
	jq -r '.results.tests[] | [.id, (if .result == "crashed" then "fail" else .result end)] | @tsv' "$_rec" |
		while IFS='	' read -r _id _st; do
			_d=
			[ "$_st" != fail ] || _d=$_detail
			printf 'guest %s\t%s\t%s\t\t%s\n' "$1" "$_id" "$_st" "$_d"
		done >>"$T_CASES"
}

# wrong_context VARIANT [hardirq]: a boot of VARIANT that calls kmalloc and
# kfree under a raw spinlock must fail with both reports, each naming the
# caller. The sourcing script defines build_once VARIANT (its build, once a
# run). The lockless RT fast paths take no lock, so they must still let
# lockdep and the might-sleep check see a caller in a context where the lock
# they may take is forbidden, as plain RT does. With hardirq, the calls come
# from a hard interrupt, and the series' hard-interrupt check must warn.
wrong_context() {
	build_once "$1" || return
	_wc_dir=wrong-context-$1${2:+-$2}
	if [ "${2:-}" = hardirq ]; then
		_wc_what="a slab call in a hard interrupt"
		_wc_append="$NO_KUNIT lab.wrong_context=hardirq"
		_wc_fn=slab_wrong_context_hardirq
		set -- "$1" 'slab call in hard interrupt or NMI context on PREEMPT_RT'
	else
		_wc_what="a slab call under a raw spinlock"
		_wc_append=$NO_KUNIT
		_wc_fn=slab_wrong_context_init
		set -- "$1" 'BUG: Invalid wait context' 'BUG: sleeping function called from invalid context'
	fi
	_wc_v=$1
	shift
	if timed "boot $_wc_dir" sh lab/run/boot.sh --append "$_wc_append" --out "$out/$_wc_dir" \
		"$_wc_v" guest/jobs/wrong-context.sh >"$out/$_wc_dir.verdict" 2>&1; then
		t_fail "$_wc_v: $_wc_what fails the boot" "the boot passed"
	else
		t_pass "$_wc_v: $_wc_what fails the boot"
	fi
	for _wc_report; do
		t_ok "$_wc_v: '$_wc_report' names $_wc_fn" \
			sh lab/verdict/expect-report.sh "$out/$_wc_dir/result.json" "$_wc_report" "$_wc_fn"
	done
}

# runner_caught RECORD ERROR-CODE [REPORT]: a run the runner must have
# stopped: its record is incomplete with ERROR-CODE (crashed, timeout,
# ...), and with REPORT, a kernel report whose line holds it.
runner_caught() {
	jq -e --arg c "$2" --arg r "${3:-}" '.results.status == "incomplete" and .results.error_code == $c
		and ($r == "" or any(.results.reports[]; .text | contains($r)))' "$1" >/dev/null ||
		{ jq -r '"status \(.results.status), error code \(.results.error_code)"' "$1"; return 1; }
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

