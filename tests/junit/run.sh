#!/bin/sh
# Tests of tools/junit/junit: builds it, writes a report from a fixture
# with a passing, a failing and a skipped case in two suites (the failing
# case's detail holds < & ]]> " \r ESC NUL and an invalid UTF-8 byte),
# and checks it with xmllint: well-formed, valid against junit.xsd (the
# subset of JUnit the tool writes), and its counts and texts by XPath.
# Then the excerpt of a long detail, malformed TSVs and usage errors.
# POSIX sh; needs the tool's build dependencies and xmllint
# (libxml2-dev, libxml2-utils). Prints ok:/FAIL: a check, exits 1 on any
# failure.
set -eu
cd "$(dirname "$0")/../.."
tool=$PWD/tools/junit/junit
xsd=tests/junit/junit.xsd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
npass=0
nfail=0

ok() {
	printf 'ok: %s\n' "$1"
	npass=$((npass + 1))
}

fail() {
	printf 'FAIL: %s\n' "$1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/    /'
	nfail=$((nfail + 1))
}

# check NAME CMD...: passes when CMD succeeds; its output shows when not
check() {
	_n=$1
	shift
	if "$@" >"$tmp/check" 2>&1; then
		ok "$_n"
	else
		fail "$_n" "$(head -n 20 "$tmp/check")"
	fi
}

# run ARGS...: the tool's exit status in $rc, its stderr in $tmp/err
run() {
	rc=0
	"$tool" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
}

# run_fx ARGS...: run in the fixture folder, where the detail files are
# (the tool opens them as given, from its current folder)
run_fx() {
	rc=0
	(cd "$fx" && "$tool" "$@") >"$tmp/out" 2>"$tmp/err" || rc=$?
}

# xp XPATH: the string value of XPATH in the report $xml
xp() {
	xmllint --xpath "string($1)" "$xml"
}

# is XPATH WANT: its string value is WANT
is() {
	_got=$(xp "$1")
	[ "$_got" = "$2" ] || { echo "$1 is '$_got', not '$2'"; return 1; }
}

# has FILE TEXT: FILE holds TEXT (fixed string)
has() {
	grep -qF -e "$2" "$1" || { echo "no '$2' in:"; cat "$1"; return 1; }
}

# has_byte FILE OCTAL: FILE holds the byte \OCTAL
has_byte() {
	[ "$(tr -dc "\\$2" <"$1" | wc -c)" -gt 0 ]
}

# lacks_byte FILE OCTAL: FILE does not hold the byte \OCTAL
lacks_byte() {
	! has_byte "$1" "$2" || { printf 'byte \\%s in %s\n' "$2" "$1"; return 1; }
}

# fixture_bytes FILE: FILE holds NUL, ESC, CR and 0xff
fixture_bytes() {
	for _b in 000 033 015 377; do
		has_byte "$1" $_b || { printf 'no byte \\%s in %s\n' "$_b" "$1"; return 1; }
	done
}

# refused CODE REGEX: the last run exited CODE and said REGEX on stderr
refused() {
	[ "$rc" -eq "$1" ] || { echo "exit $rc, not $1"; cat "$tmp/err"; return 1; }
	grep -qE -e "$2" "$tmp/err" || { echo "no /$2/ in:"; cat "$tmp/err"; return 1; }
}

# quiet: the last run exited 0 and said nothing on stderr
quiet() {
	[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && return 0
	echo "exit $rc"
	cat "$tmp/err"
	return 1
}

# empty_dir DIR: nothing in DIR, not even a temporary file
empty_dir() {
	[ -z "$(ls -A "$1")" ] || { ls -A "$1"; return 1; }
}

echo "== build"
if make -C tools/junit >"$tmp/build" 2>&1 && [ -x "$tool" ]; then
	ok "make -C tools/junit builds tools/junit/junit"
else
	fail "make -C tools/junit" "$(cat "$tmp/build")"
	echo "$npass passed, $nfail failed"
	exit 1
fi

echo "== a report from pass, fail and skip in two suites"
fx=$tmp/fx
mkdir "$fx" "$tmp/report"
cp tests/junit/fixtures/* "$fx/"
printf '\nBUG kmalloc-64 (Not tainted): Redzone overwritten <"a" & b> ]]>\r\n' >"$fx/fail.log"
printf '\033[31mlockdep\033[0m: an ESC sequence\r\n' >>"$fx/fail.log"
printf 'nul:\000:end bad:\377:utf8\nlast line\n' >>"$fx/fail.log"
check "fixture: fail.log holds NUL, ESC, CR and the byte 0xff" \
	fixture_bytes "$fx/fail.log"
xml=$tmp/report/cases.xml
run_fx -o "$xml" cases.tsv
check "exit 0, nothing on stderr" quiet
check "no temporary file left beside the report" \
	[ "$(ls -A "$tmp/report")" = cases.xml ]
check "well-formed XML (xmllint --noout)" xmllint --noout "$xml"
check "valid against tests/junit/junit.xsd" xmllint --noout --schema "$xsd" "$xml"
top=/testsuites
check "testsuites: named after the TSV (cases)" is "$top/@name" cases
check "testsuites: tests=3 failures=1 skipped=1" \
	is "concat($top/@tests, ' ', $top/@failures, ' ', $top/@skipped)" '3 1 1'
check "testsuites: time=15.750, the sum of the known times" is "$top/@time" 15.750
check "two suites, in the order first seen: boot, selftests" \
	is "concat(count($top/testsuite), ' ', $top/testsuite[1]/@name, ' ', $top/testsuite[2]/@name)" \
	'2 boot selftests'
s1='/testsuites/testsuite[@name="boot"]'
s2='/testsuites/testsuite[@name="selftests"]'
check "boot: tests=2 failures=1 skipped=0 errors=0 (its lines not adjacent)" \
	is "concat($s1/@tests, ' ', $s1/@failures, ' ', $s1/@skipped, ' ', $s1/@errors)" '2 1 0 0'
check "boot: time=15.750 (12.5 + 3.25)" is "$s1/@time" 15.750
check "boot: its cases in file order, classname boot" \
	is "concat($s1/testcase[1]/@name, ' ', $s1/testcase[2]/@name, ' ', $s1/testcase[2]/@classname)" \
	'series-rt-raw-debug series-rt-debug-nomerge boot'
check "selftests: tests=1 failures=0 skipped=1 errors=0" \
	is "concat($s2/@tests, ' ', $s2/@failures, ' ', $s2/@skipped, ' ', $s2/@errors)" '1 0 1 0'
check "selftests: no time attribute (its only case has none)" is "count($s2/@time)" 0
pc='//testcase[@name="series-rt-raw-debug"]'
fc='//testcase[@name="series-rt-debug-nomerge"]'
sc='//testcase[@name="slab_sysfs"]'
check "pass: time=12.500, no <failure> or <skipped>" \
	is "concat($pc/@time, ' ', count($pc/failure | $pc/skipped))" '12.500 0'
check "pass: its detail file in <system-out>" is "$pc/system-out" "$(cat "$fx/pass.log")"
check "fail: one <failure>, time=3.250" is "concat(count($fc/failure), ' ', $fc/@time)" '1 3.250'
check "fail: message is the first non-blank line, with < & ]]> \" intact" \
	is "$fc/failure/@message" 'BUG kmalloc-64 (Not tainted): Redzone overwritten <"a" & b> ]]>'
xp "$fc/failure" >"$tmp/failure" 2>"$tmp/xp-err" || true
for t in '<' '&' ']]>' '"' '<"a" & b> ]]>' 'last line'; do
	check "fail: the text holds $t" has "$tmp/failure" "$t"
done
check "fail: ESC dropped" lacks_byte "$tmp/failure" 033
check "fail: the rest of the ESC sequence kept" \
	has "$tmp/failure" '[31mlockdep[0m: an ESC sequence'
check "fail: CR (\\r) dropped" lacks_byte "$tmp/failure" 015
check "fail: NUL dropped (nul::end)" has "$tmp/failure" 'nul::end'
check "fail: the invalid byte 0xff became U+FFFD" has "$tmp/failure" \
	"bad:$(printf '\357\277\275'):utf8"
check "skip: <skipped> with the reason (the first non-blank line), no time" \
	is "concat($sc/skipped/@message, '|', count($sc/@time))" \
	'needs CONFIG_SYSFS, which tinyconfig leaves out|0'
run_fx --name 'make check' -o "$xml" cases.tsv
check "--name names <testsuites>" is "$top/@name" 'make check'

echo "== detail excerpts"
awk 'BEGIN { for (i = 1; i <= 1000; i++) printf "line %04d\n", i }' >"$fx/long.log"
xml=$tmp/report/cut.xml
# excerpt BYTES: the long detail's failure text with --max-excerpt BYTES
excerpt() {
	run_fx --max-excerpt "$1" -o "$xml" detail-cut.tsv
	xp '//testcase[@name="long"]/failure' >"$tmp/excerpt" 2>"$tmp/xp-err" || true
}
# line LINES: those lines of the excerpt, joined with | (xmllint adds a
# line end: an empty last line, which this leaves out)
line() {
	sed -e '${/^$/d;}' "$tmp/excerpt" | sed -n "$1p" | tr '\n' '|'
}
# 1000 lines of 10 bytes: the last 95 bytes start inside line 991, so
# the excerpt starts at line 992 and keeps 90 bytes: 9910 cut
excerpt 95
check "--max-excerpt 95 of 10000 bytes: '[... 9910 bytes cut]', then line 0992" \
	[ "$(line 1,2)" = '[... 9910 bytes cut]|line 0992|' ]
check "--max-excerpt 95: the file's end kept, 9 lines" \
	[ "$(line '$')$(grep -c '^line ' "$tmp/excerpt")" = 'line 1000|9' ]
excerpt 100
check "--max-excerpt 100: a window on a line start keeps that line (9900 cut)" \
	[ "$(line 1,2)" = '[... 9900 bytes cut]|line 0991|' ]
excerpt 10000
check "--max-excerpt 10000 (the file's size): all of it, no note" \
	[ "$(line 1)$(grep -c 'bytes cut' "$tmp/excerpt")" = 'line 0001|0' ]
excerpt 16384
check "with a missing detail file: exit 0, a warning naming it" \
	refused 0 'warning: .*no-such-file.log: No such file'
check "with a missing detail file: valid against the XSD" \
	xmllint --noout --schema "$xsd" "$xml"
xp '//testcase[@name="no-log"]/failure' >"$tmp/missing" 2>"$tmp/xp-err" || true
check "a missing detail file: the failure text says it is missing" \
	has "$tmp/missing" 'detail file missing: '

echo "== malformed CASES.tsv: refused, no output"
mkdir "$tmp/bad"
for t in 'fields4.tsv:3: expected 5 tab-separated fields.* got 4' \
	"status-ok.tsv:2: unknown status 'ok'" \
	"seconds-x.tsv:1: seconds 'x' is not a non-negative decimal"; do
	f=${t%%:*}
	run -o "$tmp/bad/out.xml" "tests/junit/fixtures/$f"
	check "$f: exit 1 naming file:line and the fault" refused 1 "$t"
	check "$f: no output file, no temporary file" empty_dir "$tmp/bad"
done

echo "== usage errors"
run
check "no arguments: exit 2 with the usage line" refused 2 '^usage: junit '
run "$fx/cases.tsv"
check "no -o: exit 2, says so" refused 2 'no output file given'
run -o "$tmp/bad/out.xml"
check "no CASES.tsv: exit 2, says so" refused 2 'no CASES.tsv given'
run -o
check "-o without a value: exit 2" refused 2 '-o needs a value'
run --bogus -o "$tmp/bad/out.xml" "$fx/cases.tsv"
check "unknown option: exit 2, named" refused 2 "unknown option '--bogus'"
run --max-excerpt lots -o "$tmp/bad/out.xml" "$fx/cases.tsv"
check "bad --max-excerpt: exit 2, named" refused 2 "--max-excerpt needs a number"
check "usage errors wrote nothing" empty_dir "$tmp/bad"
run --help
check "--help: exit 0, the usage line on stdout" \
	[ "$rc:$(head -c 12 "$tmp/out")" = '0:usage: junit' ]

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
