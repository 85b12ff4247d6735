# Minimal test harness (POSIX sh, sourced). Counts go to a file so that
# subshells and several scripts can add to one total.
T_COUNTS=${T_COUNTS:-$(mktemp)}
export T_COUNTS
T_OUT=$(mktemp)

t_pass() {
	echo "PASS: $1"
	echo pass >>"$T_COUNTS"
}

t_fail() {
	echo "FAIL: $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/    /'
	echo fail >>"$T_COUNTS"
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

# t_summary: the closing line CI reads; exit status says whether all passed.
t_summary() {
	_p=$(grep -c '^pass$' "$T_COUNTS" || true)
	_f=$(grep -c '^fail$' "$T_COUNTS" || true)
	echo "$_p passed, $_f failed"
	rm -f "$T_OUT"
	[ "$_f" -eq 0 ]
}
