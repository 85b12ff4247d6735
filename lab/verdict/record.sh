#!/bin/sh
# record.sh: write a run's record, result.json, the lab's one interface:
# every later stage (make check and its JUnit file, the bench and its
# tables, the mutations, LAVA, rt-eval) reads records, never a console log.
# JSON written by jq, each time to a tmp file then renamed; schema 1,
# docs/lab.md has every field.
#
# record.sh start [OPTIONS] RECORD.json: before QEMU starts (a run killed
# hard still says what it was): the lab's commit, the variant (and its
# build record, build.json, when the build has one), how QEMU runs
# (--argv: lab/lib/qemu.sh qemu_argv's arguments), the raw logs' paths;
# results null. OPTIONS:
#   --variant NAME | --image DIR    a lab variant, or an rt-eval image
#                                   (lab/rt-eval/image.sh)
#   --job FILE --purpose P --accel A [--icount] [--native-cpu]
#   --smp N --memory M --numa-nodes N --timeout S --cmdline PARAMS
#   --argv FILE                     one argument a line
#   --artifact NAME=PATH            a raw log or file of the run (console,
#                                   qemu_log, kernel_config, ...); repeat
#   --label NAME=VALUE              a label of the run (the bench's round
#                                   and clock); repeat
#   --initrd FILE                   its sha256 (the file is not kept)
#
# record.sh [--qemu-exit N] [--timeout S] [--functions F] [--system-map F
# --slub-functions F] [CONSOLE-LOG] RECORD.json: after the run, the record completed: QEMU's exit and the
# run's duration, and what the one console parser (lab/verdict/parse.sh)
# reads from the console (the start record's artifacts.console, or
# CONSOLE-LOG): results and measurements. Without a start record (a
# console LAVA read, an old log) the record holds the console's alone; a
# finished record given again (alone, or with its own console) is read
# again, what ran kept.
# When the console has lock-contention blocks, the build's function list
# is written beside the record (functions.tsv) for the parser, and for a
# latency guard's report mm/slub.o's functions (slub-functions). Prints
# "ok: LOG" or the reasons as "FAIL: ..." lines; exits 0 when the status
# is pass, 1 otherwise.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="record.sh start [--variant NAME | --image DIR] [--job F] [--purpose P] [--accel A] [--icount] [--native-cpu] [--smp N] [--memory M] [--numa-nodes N] [--timeout S] [--cmdline P] [--argv F] [--artifact NAME=PATH]... [--label NAME=VALUE]... [--initrd F] RECORD.json
       record.sh [--qemu-exit N] [--timeout S] [--functions F] [--system-map F --slub-functions F] [CONSOLE-LOG] RECORD.json"

# write RECORD FILTER [JQ-ARGS...]: RECORD as FILTER makes it (jq -n),
# through a tmp file and a rename.
write() {
	_w=$1 _f=$2
	shift 2
	mkdir -p "$(dirname "$_w")"
	jq -n "$@" "$_f" >"$_w.tmp" && mv "$_w.tmp" "$_w"
}

if [ "${1:-}" = start ]; then
	shift
	variant= image= job= purpose= accel= icount=false native=false smp= mem= nodes= timeout= cmdline= argv= initrd=
	artifacts='{}' labels='{}'
	while [ $# -gt 1 ]; do
		case $1 in
		--icount) icount=true; shift; continue ;;
		--native-cpu) native=true; shift; continue ;;
		esac
		[ $# -ge 3 ] || usage_die "$1 needs a value"
		case $1 in
		--variant) variant=$2 ;;
		--image) image=$2 ;;
		--job) job=$2 ;;
		--purpose) purpose=$2 ;;
		--accel) accel=$2 ;;
		--smp) smp=$2 ;;
		--memory) mem=$2 ;;
		--numa-nodes) nodes=$2 ;;
		--timeout) timeout=$2 ;;
		--cmdline) cmdline=$2 ;;
		--argv) argv=$2 ;;
		--initrd) initrd=$2 ;;
		--artifact)
			case $2 in *=*) ;; *) usage_die "--artifact takes NAME=PATH, not '$2'" ;; esac
			artifacts=$(printf '%s\n' "$artifacts" | jq -c --arg k "${2%%=*}" --arg v "${2#*=}" '. + {($k): $v}')
			;;
		--label)
			case $2 in *=*) ;; *) usage_die "--label takes NAME=VALUE, not '$2'" ;; esac
			labels=$(printf '%s\n' "$labels" | jq -c --arg k "${2%%=*}" --arg v "${2#*=}" '. + {($k): $v}')
			;;
		*) usage_die "unknown option $1" ;;
		esac
		shift 2
	done
	[ $# -eq 1 ] || usage_die "expected the record's path last"
	record=$1
	# The variant, from its declaration and its build's record (a build
	# without one, built before the lab wrote them, has no tree commit).
	vjson=null build=null
	if [ -n "$variant" ]; then
		load_variant "$variant"
		[ ! -f "$V_OBJ/build.json" ] || build=$(cat "$V_OBJ/build.json")
		tree_commit=$(printf '%s\n' "$build" | jq -r '.git.tree_commit // empty')
		vjson=$(jq -n --arg name "$V_NAME" --arg build "$V_BUILD" --arg tree "$V_TREE" \
			--arg commit "$tree_commit" --arg fragments "$V_FRAGMENTS" --arg local "$V_LOCAL" \
			--arg config "$V_CONFIG" --arg cmdline "$V_CMDLINE" --arg obj "$V_OBJ" '
			def nonempty: if . == "" then null else . end;
			{name: $name, build: $build, tree: $tree, tree_commit: ($commit | nonempty),
			 fragments: ($fragments | split(" ") | map(select(length > 0))), local: ($local | nonempty),
			 config: $config, cmdline: $cmdline, obj: $obj}')
	elif [ -n "$image" ]; then
		vjson=$(jq -n --arg image "$image" --arg release "$(cat "$image/release" 2>/dev/null)" '
			{name: $release, build: null, tree: "debian-package", image: $image}')
	fi
	initrd_sha=
	[ -z "$initrd" ] || initrd_sha=$(sha256sum <"$initrd" | cut -d' ' -f1)
	: >"$record.argv"
	[ -z "$argv" ] || cp "$argv" "$record.argv"
	write "$record" '
		def nonempty: if . == "" then null else . end;
		def num: if . == "" then null else tonumber end;
		{schema: 1, lab: {commit: ($lab | nonempty)}, variant: $variant, build: $build,
		 run: {job: ($job | nonempty), purpose: ($purpose | nonempty),
			qemu_argv: ($argv | split("\n") | map(select(length > 0))),
			accel: ($accel | nonempty), icount: $icount, native_cpu: $native, smp: ($smp | num),
			memory: ($mem | nonempty), numa_nodes: ($nodes | num), timeout_s: ($timeout | num),
			cmdline: ($cmdline | nonempty), labels: $labels, qemu_exit: null, started: (now | todate),
			duration_s: null},
		 results: null, measurements: [],
		 artifacts: ($artifacts + {initrd_sha256: ($initrd_sha | nonempty)})}' \
		--arg lab "$(git -C "$LAB_ROOT" rev-parse HEAD 2>/dev/null || true)" \
		--argjson variant "$vjson" --argjson build "$build" --arg job "$job" --arg purpose "$purpose" \
		--rawfile argv "$record.argv" --arg accel "$accel" --argjson icount $icount --argjson native $native \
		--arg smp "$smp" --arg mem "$mem" --arg nodes "$nodes" --arg timeout "$timeout" \
		--arg cmdline "$cmdline" --argjson artifacts "$artifacts" --argjson labels "$labels" \
		--arg initrd_sha "$initrd_sha"
	rm -f "$record.argv"
	exit 0
fi

# The options are the parser's (lab/verdict/parse.sh checks them).
opts= timeout= functions= system_map= slub_functions=
while [ $# -gt 0 ]; do
	case $1 in
	-*) [ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	*) break ;;
	esac
	case $1 in
	--timeout) timeout=$2 ;;
	--functions) functions=$2 ;;
	--system-map) system_map=$2 ;;
	--slub-functions) slub_functions=$2 ;;
	*) opts="$opts $1 $2" ;;
	esac
	shift 2
done
case $# in
1) record=$1 log_file= ;;
2) log_file=$1 record=$2 ;;
*) usage_die "expected [CONSOLE-LOG] RECORD.json" ;;
esac
# What the record says ran (its start, or a finished record read again
# by today's parser), when there is one; else the console alone.
start='{"schema": 1, "lab": null, "variant": null, "build": null, "run": null, "artifacts": {}}'
if [ -f "$record" ] && jq -e --arg log "$log_file" '.schema == 1 and ($log == "" or .artifacts.console == null
	or .artifacts.console == $log)' "$record" >/dev/null 2>&1; then
	start=$(jq '.results = null | .measurements = []' "$record")
fi
[ -n "$log_file" ] || log_file=$(printf '%s\n' "$start" | jq -r '.artifacts.console // empty')
[ -n "$log_file" ] || usage_die "no console log given, and $record has none"
[ -f "$log_file" ] || die "no console log at $log_file"
[ -n "$timeout" ] || timeout=$(printf '%s\n' "$start" | jq -r '.run.timeout_s // empty')
# A finished record read again keeps the QEMU exit it has.
case " $opts " in
*" --qemu-exit "*) ;;
*) opts="$opts $(printf '%s\n' "$start" | jq -r '.run.qemu_exit // empty | "--qemu-exit \(.)"')" ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Lock contention is charged to callers from the build's text symbols,
# and the latency guard's sites are named from its System.map and
# mm/slub.o's functions: kept beside the record.
obj=$(printf '%s\n' "$start" | jq -r '.variant.obj // empty')
if [ -z "$functions" ] && [ -n "$obj" ] && [ -d "$obj" ] && grep -q '^LAB-CONTENTION' "$log_file"; then
	functions=$(dirname "$record")/functions.tsv
	text_objects "$obj" >"$functions"
fi
if [ -z "$slub_functions" ] && [ -n "$obj" ] && [ -d "$obj" ] && grep -q '^LAB-LATENCY' "$log_file"; then
	system_map=$obj/System.map slub_functions=$(dirname "$record")/slub-functions
	nm --defined-only "$obj/mm/slub.o" 2>/dev/null | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$slub_functions"
fi
# shellcheck disable=SC2086 # opts: options and their values, no spaces
sh "$LAB_ROOT/lab/verdict/parse.sh" $opts ${timeout:+--timeout "$timeout"} \
	${functions:+--functions "$functions"} ${system_map:+--system-map "$system_map"} \
	${slub_functions:+--slub-functions "$slub_functions"} "$log_file" >"$tmp/parsed" || exit 2
printf '%s\n' "$start" >"$tmp/start"
write "$record" '$start[0] as $s | $parsed[0] as $p
	| $s + {run: (($s.run // {}) + {qemu_exit: $p.host.qemu_exit}
		| if .started != null and .duration_s == null
			then .duration_s = (now - (.started | fromdateiso8601) | floor) else . end),
		results: $p.results, measurements: $p.measurements,
		artifacts: ($s.artifacts + {console: $console}
			+ ({functions: $functions, system_map: $system_map, slub_functions: $slub_functions}
				| with_entries(select(.value != ""))))}' \
	--slurpfile start "$tmp/start" --slurpfile parsed "$tmp/parsed" --arg console "$log_file" \
	--arg functions "$functions" --arg system_map "$system_map" --arg slub_functions "$slub_functions"

if jq -e '.results.status == "pass"' "$record" >/dev/null; then
	echo "ok: $log_file"
	exit 0
fi
jq -r '.results | (.reasons[] | "FAIL: " + .),
	(if (.splats | length) > 0 then "    kernel lines (\($log)):", (.splats[] | "    | " + .) else empty end),
	(.tests[] | select(.result == "fail") | .diagnostics[] | "    # " + .)' --arg log "$log_file" "$record"
if ! jq -e '.results.reached == "end"' "$record" >/dev/null; then
	echo "    last lines of $log_file:"
	tr -d '\r' <"$log_file" | tail -n 8 | sed 's/^/    | /'
fi
exit 1
