# ktap.sh: the one KTAP writer of the lab's guests (POSIX sh: busybox in
# the lab's guest, /lab/ktap.sh; dash in rt-eval's Debian image, beside
# guest-job.sh), sourced by every guest job that prints KTAP, after the
# kernel's tools/testing/selftests/kselftest/ktap_helpers.sh: the caller
# states results, the numbering, the directives and the counts live here.
# What it prints follows Documentation/dev-tools/ktap.rst: a result's
# diagnostic lines come directly before it. lab/verdict/ktap.awk reads it.

KTAP_N=0 KTAP_PASS=0 KTAP_FAIL=0 KTAP_SKIP=0

ktap_header() {
	echo "KTAP version 1"
}

# ktap_plan N: the number of results that follow.
ktap_plan() {
	echo "1..$1"
}

# ktap_id NAME: NAME as a case id, as a LAVA farm stores one: lower case,
# '_' for anything but a letter, a digit or '_'. So the lab and a farm
# name a case alike.
ktap_id() {
	printf '%s' "$1" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9_' '_'
}

# ktap_status EXIT-STATUS: the result a program's exit status stands for,
# as the kernel's kselftest runner maps it: 0 pass, 4 skip (KSFT_SKIP),
# 124 timeout (timeout(1)), anything else fail.
ktap_status() {
	case $1 in
	0) echo pass ;;
	4) echo skip ;;
	124) echo timeout ;;
	*) echo fail ;;
	esac
}

# ktap_result ID pass|fail|skip|timeout [DIAG...]: the next numbered
# result, each line of each DIAG first as a diagnostic ("# LINE"). A skip
# and a timeout carry their directive (# SKIP, # TIMEOUT).
ktap_result() {
	_kr_id=$(ktap_id "$1") _kr_st=$2
	shift 2
	for _kr_d; do
		printf '%s\n' "$_kr_d" | sed -e '/^$/d' -e 's/^/# /'
	done
	KTAP_N=$((KTAP_N + 1))
	case $_kr_st in
	pass) echo "ok $KTAP_N $_kr_id"; KTAP_PASS=$((KTAP_PASS + 1)) ;;
	skip) echo "ok $KTAP_N $_kr_id # SKIP"; KTAP_SKIP=$((KTAP_SKIP + 1)) ;;
	timeout) echo "not ok $KTAP_N $_kr_id # TIMEOUT"; KTAP_FAIL=$((KTAP_FAIL + 1)) ;;
	*) echo "not ok $KTAP_N $_kr_id"; KTAP_FAIL=$((KTAP_FAIL + 1)) ;;
	esac
}

# ktap_totals: the closing count line; returns 1 when a result failed.
ktap_totals() {
	echo "# Totals: pass:$KTAP_PASS fail:$KTAP_FAIL xfail:0 xpass:0 skip:$KTAP_SKIP error:0"
	[ "$KTAP_FAIL" = 0 ]
}

# ktap_document CASES [DIAG-DIR]: one whole document of the results a job
# collected as it ran: CASES holds "RESULT ID" lines, DIAG-DIR/ID the
# diagnostics of case ID (ID as ktap_id writes it). Returns 1 when a case
# failed.
ktap_document() {
	ktap_header
	ktap_plan "$(wc -l <"$1" | tr -d ' ')"
	while read -r _kd_st _kd_id; do
		_kd_id=$(ktap_id "$_kd_id") _kd_diag=
		[ -z "${2:-}" ] || [ ! -f "$2/$_kd_id" ] || _kd_diag=$(cat "$2/$_kd_id")
		ktap_result "$_kd_id" "$_kd_st" "$_kd_diag"
	done <"$1"
	ktap_totals
}
