# Minimal test harness (POSIX sh, sourced). Counts go to a file so that
# subshells and several scripts can add to one total.
T_COUNTS=${T_COUNTS:-$(mktemp)}
export T_COUNTS
T_OUT=$(mktemp)

# With T_CASES set to a file, every case is also a row there, the input of
# tools/junit (JUnit XML for CI): suite (the section), name, status, the
# seconds since the section's or the previous case's end, and for a
# failure a file with what the failure printed.
# A script another one runs starts in its caller's suite and mark.
T_SUITE=${T_SUITE:-lab}
T_MARK=${T_MARK:-$(date +%s)}
export T_SUITE T_MARK

# t_section NAME: the heading of the cases that follow, their suite.
t_section() {
	echo "== $1"
	T_SUITE=$1
	T_MARK=$(date +%s)
}

# t_skip NAME REASON: a case that could not run here; counted in no total,
# a skipped case in the JUnit file.
t_skip() {
	echo "SKIP: $1: $2"
	_t_case skip "$1" "$2"
}

# _t_case pass|fail NAME [DETAIL]: a row of T_CASES.
_t_case() {
	[ -n "${T_CASES:-}" ] || return 0
	_now=$(date +%s) _detail=
	if [ -n "${3:-}" ]; then
		_detail=$(mktemp "${T_CASES%/*}/case-detail.XXXXXX")
		printf '%s\n' "$3" >"$_detail"
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$(printf '%s' "$T_SUITE" | tr '\t\n' '  ')" \
		"$(printf '%s' "$2" | tr '\t\n' '  ')" "$1" "$((_now - T_MARK))" "$_detail" >>"$T_CASES"
	T_MARK=$_now
}

t_pass() {
	echo "PASS: $1"
	echo pass >>"$T_COUNTS"
	_t_case pass "$1"
}

t_fail() {
	echo "FAIL: $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/    /'
	echo fail >>"$T_COUNTS"
	_t_case fail "$1" "${2:-}"
}

# t_ok NAME CMD...: CMD must exit 0.
t_ok() {
	_name=$1
	shift
	if "$@" >"$T_OUT" 2>&1; then
		t_pass "$_name"
	else
		t_fail "$_name (exit $?)" "$(tail -n 15 "$T_OUT")"
	fi
}

# t_says NAME REGEX CMD...: CMD must exit 0 and say REGEX.
t_says() { _t_judge ok "$@"; }

# t_refuses NAME REGEX CMD...: CMD must exit non-zero and say REGEX.
t_refuses() { _t_judge refused "$@"; }

# _t_judge ok|refused NAME REGEX CMD...: the two above.
_t_judge() {
	_want=$1 _name=$2 _re=$3
	shift 3
	"$@" >"$T_OUT" 2>&1
	_rc=$?
	if [ $_want = ok ] && [ $_rc != 0 ]; then
		t_fail "$_name (exit $_rc)" "$(tail -n 15 "$T_OUT")"
	elif [ $_want = refused ] && [ $_rc = 0 ]; then
		t_fail "$_name (exit 0, expected a failure)" "$(tail -n 15 "$T_OUT")"
	elif ! grep -q -E -e "$_re" "$T_OUT"; then
		t_fail "$_name (exit $_rc, but without /$_re/)" "$(tail -n 15 "$T_OUT")"
	else
		t_pass "$_name"
	fi
}

# t_catches NAME FILE SED CHECK...: a mutation of the lab itself. CHECK,
# given as its last argument the path of a copy of FILE broken by SED (a
# sed script, or a file of one, tests/lab-mutations/*.sed), must fail:
# CHECK is the self-test that catches such a break. SED must change FILE.
# The copy sits beside FILE (a script finds the lab from its own place)
# and is removed after.
t_catches() {
	_name=$1 _file=$2 _sed=$3
	shift 3
	_mut=${_file%/*}/.mutant-$$-${_file##*/}
	case $_sed in
	*.sed) sed -f "$_sed" "$_file" >"$_mut" ;;
	*) sed -e "$_sed" "$_file" >"$_mut" ;;
	esac
	if cmp -s "$_file" "$_mut"; then
		t_fail "$_name (the mutation changes nothing: fix its sed script)"
	elif "$@" "$_mut" >"$T_OUT" 2>&1; then
		t_fail "$_name (the broken copy passed)" "$(tail -n 15 "$T_OUT")"
	else
		t_pass "$_name"
	fi
	rm -f "$_mut"
}

# t_summary: the closing line CI reads; exit status says whether all passed.
t_summary() {
	_p=$(grep -c '^pass$' "$T_COUNTS" || true)
	_f=$(grep -c '^fail$' "$T_COUNTS" || true)
	echo "$_p passed, $_f failed"
	rm -f "$T_OUT"
	[ "$_f" -eq 0 ]
}
