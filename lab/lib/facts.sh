# Facts about a build and a run (POSIX sh, sourced by lab/lib/common.sh),
# written down once as JSON records that later stages copy instead of
# asking git or the build folder again (after tuxmake's metadata.json:
# each fact a named command with a type, collected in one go; the record
# written before the work and again after it, each time a tmp file and a
# rename).

# The build record's facts: "GROUP.KEY<TAB>TYPE<TAB>COMMAND", TYPE str or
# int; a command that fails or prints nothing leaves the fact null. The
# commands see _bf_src (the tree) and _bf_obj (the build folder).
_build_facts='git.tree_commit	str	git -C "$_bf_src" rev-parse HEAD
git.tree_describe	str	git -C "$_bf_src" describe --always --dirty
git.lab_commit	str	git -C "$LAB_ROOT" rev-parse HEAD
source.kernelrelease	str	cat "$_bf_obj/include/config/kernel.release"
compiler.version_full	str	gcc --version | head -n 1
compiler.wrapper	str	command -v ccache >/dev/null && echo ccache
config.sha256	str	sha256sum <"$_bf_obj/.config" | cut -d" " -f1
results.warnings	int	grep -c "warning:" "$_bf_obj/build.log"
results.errors	int	grep -c -E "error:|Error [0-9]" "$_bf_obj/build.log"'

# The files a build leaves that a run or a farm uses, relative to its folder.
_build_artifacts='arch/x86/boot/bzImage .config System.map slub_bench/slub_bench.ko'

# build_record OBJ STATUS STARTED TARGET...: write OBJ/build.json, the
# record of the loaded variant's build (load_variant) in OBJ: what was
# asked (variant, tree, config, fragments, local fragment, targets, jobs,
# the command that repeats it), its facts above, its status (running,
# pass or fail), when it started (date +%s) and how long it took, and
# its artifacts with their sha256.
build_record() {
	_bf_obj=$1 _bf_status=$2 _bf_started=$3
	shift 3
	_bf_src=$(tree_dir "$V_TREE")
	_bf_tmp=$(mktemp)
	printf '%s\n' "$_build_facts" | while IFS='	' read -r _bf_key _bf_type _bf_cmd; do
		printf '%s\t%s\t%s\n' "$_bf_key" "$_bf_type" "$(eval "$_bf_cmd" 2>/dev/null | head -n 1)"
	done >"$_bf_tmp"
	for _bf_a in $_build_artifacts "$_bf_obj"/lab-modules/*.ko "$_bf_obj"/selftests/*; do
		_bf_a=${_bf_a#"$_bf_obj"/}
		[ -f "$_bf_obj/$_bf_a" ] || continue
		printf 'artifact\t%s\t%s\n' "$_bf_a" "$(sha256sum <"$_bf_obj/$_bf_a" | cut -d' ' -f1)"
	done >>"$_bf_tmp"
	jq -n --rawfile facts "$_bf_tmp" --arg variant "$V_NAME" --arg build "$V_BUILD" \
		--arg tree "$V_TREE" --arg config "$V_CONFIG" --arg fragments "$V_FRAGMENTS" \
		--arg local "$V_LOCAL" --arg obj "$_bf_obj" --arg targets "$*" --arg jobs "${KJOBS:-}" \
		--arg status "$_bf_status" --argjson started "$_bf_started" --argjson now "$(date +%s)" '
		def words: split(" ") | map(select(length > 0));
		def nonempty: if . == "" then null else . end;
		($facts | split("\n") | map(select(length > 0) | split("\t"))) as $rows
		| reduce ($rows[] | select(.[0] != "artifact")) as $r ({};
			($r[0] | split(".")) as $k
			| setpath($k; if $r[2] == "" then null elif $r[1] == "int" then ($r[2] | tonumber) else $r[2] end))
		| {schema: 1,
		   build: {variant: $variant, build: $build, tree: $tree, config: $config,
			fragments: ($fragments | words), local: ($local | nonempty), obj: $obj,
			targets: ($targets | words), jobs: ($jobs | nonempty | if . then tonumber else . end),
			wrapper: .compiler.wrapper,
			reproducer_cmdline: ("sh lab/kernel/build.sh " + $variant)},
		   git: .git, source: .source,
		   compiler: {name: "gcc", version_full: .compiler.version_full},
		   config: .config,
		   results: {status: $status, started: ($started | todate),
			duration_s: (if $status == "running" then null else $now - $started end),
			warnings: .results.warnings, errors: .results.errors},
		   artifacts: ([$rows[] | select(.[0] == "artifact") | {key: .[1], value: {path: .[1], sha256: .[2]}}]
			| from_entries)}' >"$_bf_obj/build.json.tmp" &&
		mv "$_bf_obj/build.json.tmp" "$_bf_obj/build.json"
	_bf_rc=$?
	rm -f "$_bf_tmp"
	return $_bf_rc
}

# text_objects OBJ: "function<TAB>object<TAB>size" (size in hex, as %pS
# prints it) for every text symbol of the objects in the kernel build in
# OBJ (paths relative to OBJ; scripts/, tools/ and the boot stub left out,
# a few objects that are not linked into vmlinux stay), so that a stack
# frame's function can be placed (lab/verdict/contention.awk). Static
# functions of the same name in several objects appear once for each.
text_objects() {
	(cd "$1" && find . -name '*.o' ! -name '*.mod.o' ! -name vmlinux.o \
		! -path './scripts/*' ! -path './tools/*' ! -path './arch/x86/boot/*' |
		sed 's|^\./||' | LC_ALL=C sort | xargs nm -A -S --defined-only) 2>/dev/null |
		awk '{ i = index($1, ":") }
		NF == 4 && $3 ~ /^[tTwW]$/ {
			size = $2
			sub(/^0+/, "", size)
			print $4 "\t" substr($1, 1, i - 1) "\t0x" (size == "" ? "0" : size)
		}
		# Assembly symbols have no size.
		NF == 3 && $2 ~ /^[tTwW]$/ { print $3 "\t" substr($1, 1, i - 1) "\t" }'
}
