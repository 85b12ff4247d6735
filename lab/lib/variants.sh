# Declared builds and variants (POSIX sh, sourced by lab/lib/common.sh).

# Variants. variants/BUILD.variant declares a build: key=value lines tree,
# fragments, cmdline, description, and optionally boots (boot lists),
# check (yes: make check boots it), numa (yes: QEMU gives the guest a
# NUMA node per vCPU, lab/run/boot.sh --numa), config (what the fragments
# are merged onto: tinyconfig, the default, or debian:FLAVOUR, Debian's
# configuration config.FLAVOUR.xz from package linux-config-6.12) and
# lacks (Kconfig symbols the tree does not have, which the fragments set:
# lab/kernel/config-check.sh --may-lack). Each line "SUFFIX PARAMETERS" of a boot
# list variants/LIST.boots declares one more variant, BUILD-SUFFIX: the same
# build booted with PARAMETERS in its cmdline, where the word {boot} stands
# (at the end when there is none). BUILD itself boots without them.

# variant_builds: the declared builds, one name a line.
variant_builds() {
	for _f in "$VARIANT_DIR"/*.variant; do
		[ -f "$_f" ] || continue
		_f=${_f##*/}
		echo "${_f%.variant}"
	done
}

# load_build BUILD: sets B_FILE B_TREE B_FRAGMENTS B_CMDLINE B_DESC
# B_BOOTS B_CHECK B_NUMA B_CONFIG B_LACKS; anything but the known keys is an error, so typos do not
# pass silently.
load_build() {
	B_FILE=$VARIANT_DIR/$1.variant
	B_TREE= B_FRAGMENTS= B_CMDLINE= B_DESC= B_BOOTS= B_CHECK=no B_NUMA=no B_CONFIG=tinyconfig B_LACKS=
	_n=0
	while IFS= read -r _line || [ -n "$_line" ]; do
		_n=$((_n + 1))
		case $_line in
		'' | '#'*) continue ;;
		tree=*) B_TREE=${_line#tree=} ;;
		fragments=*) B_FRAGMENTS=${_line#fragments=} ;;
		cmdline=*) B_CMDLINE=${_line#cmdline=} ;;
		description=*) B_DESC=${_line#description=} ;;
		boots=*) B_BOOTS=${_line#boots=} ;;
		check=*) B_CHECK=${_line#check=} ;;
		numa=*) B_NUMA=${_line#numa=} ;;
		config=*) B_CONFIG=${_line#config=} ;;
		lacks=*) B_LACKS=${_line#lacks=} ;;
		*) die "$B_FILE:$_n: unknown line '$_line' (keys: tree, fragments, cmdline, description, boots, check, numa, config, lacks)" ;;
		esac
	done <"$B_FILE"
	case $B_TREE in
	base | series | mainline | sheaves) ;;
	series+*) series_plus_valid "$B_TREE" ||
		die "$B_FILE: tree series+MUTATION names no patch tests/mutations/${B_TREE#series+}.patch" ;;
	sheaves+*) sheaves_plus_valid "$B_TREE" ||
		die "$B_FILE: tree sheaves+EXPERIMENT names no patch experiments-7.3/${B_TREE#sheaves+}.patch" ;;
	*) series_at_valid "$B_TREE" ||
		die "$B_FILE: tree must be 'base', 'series', 'mainline', 'sheaves', 'series@REV[:N]' (REV: a lab commit's 7 to 40 hex digits), 'series+MUTATION' or 'sheaves+EXPERIMENT', not '$B_TREE'" ;;
	esac
	case $B_LACKS in *[!A-Z0-9_\ ]*) die "$B_FILE: lacks= takes Kconfig symbols without CONFIG_ (A-Z, 0-9, _), not '$B_LACKS'" ;; esac
	case $B_CHECK in
	yes | no) ;;
	*) die "$B_FILE: check must be 'yes' or 'no', not '$B_CHECK'" ;;
	esac
	case $B_NUMA in
	yes | no) ;;
	*) die "$B_FILE: numa must be 'yes' or 'no', not '$B_NUMA'" ;;
	esac
	case $B_CONFIG in
	tinyconfig) ;;
	debian:*[!a-z0-9_-]* | debian:) die "$B_FILE: config must be 'tinyconfig' or 'debian:FLAVOUR', not '$B_CONFIG'" ;;
	debian:*) ;;
	*) die "$B_FILE: config must be 'tinyconfig' or 'debian:FLAVOUR', not '$B_CONFIG'" ;;
	esac
	[ -n "$B_FRAGMENTS" ] || die "$B_FILE: no fragments"
	for _fr in $B_FRAGMENTS; do
		[ -f "$CONFIG_DIR/$_fr.config" ] ||
			die "$B_FILE: missing fragment file $CONFIG_DIR/$_fr.config"
	done
	for _l in $B_BOOTS; do
		[ -f "$VARIANT_DIR/$_l.boots" ] ||
			die "$B_FILE: boots=$_l: missing boot list $VARIANT_DIR/$_l.boots"
	done
}

# boot_lines: the "SUFFIX PARAMETERS" lines of the loaded build's boot
# lists, checked: a suffix is lower case letters, digits and dashes, and
# its parameters are not empty.
boot_lines() {
	for _l in $B_BOOTS; do
		_n=0
		while IFS= read -r _line || [ -n "$_line" ]; do
			_n=$((_n + 1))
			case $_line in '' | '#'*) continue ;; esac
			_s=${_line%%[[:space:]]*}
			_p=${_line#"$_s"}
			case $_s in
			'' | *[!a-z0-9-]* | -* | *-) die "$VARIANT_DIR/$_l.boots:$_n: '$_s' is not a suffix (a-z, 0-9, -)" ;;
			esac
			[ -n "${_p#"${_p%%[![:space:]]*}"}" ] ||
				die "$VARIANT_DIR/$_l.boots:$_n: '$_s' has no boot parameters"
			printf '%s\n' "$_line"
		done <"$VARIANT_DIR/$_l.boots"
	done
}

# boot_variants BUILD: the variants BUILD's boot lines declare, BUILD-SUFFIX
# one a line. It reads the names only (the last boots= line counts, as in
# load_build); load_variant checks what it loads.
boot_variants() {
	for _l in $(sed -n 's/^boots=//p' "$VARIANT_DIR/$1.variant" | tail -n 1); do
		[ ! -f "$VARIANT_DIR/$_l.boots" ] ||
			sed -n "s/^\([^#[:space:]][^[:space:]]*\).*/$1-\1/p" "$VARIANT_DIR/$_l.boots"
	done
}

# variant_names [--check]: every declared variant (or those make check
# boots), one a line: each build, then its boot lines' variants, by name
# only (boot_variants); --check loads each build, so a malformed check=
# fails the matrix instead of leaving a build out.
variant_names() {
	for _b in $(variant_builds); do
		if [ "${1:-}" = --check ]; then
			load_build "$_b"
			[ "$B_CHECK" = yes ] || continue
		fi
		echo "$_b"
		boot_variants "$_b"
	done
}

# unknown_variant NAME: the error for a name nothing declares.
unknown_variant() {
	_names=$(variant_names) || exit 1
	die "unknown variant \"$1\"; declared variants:" $_names
}

# load_variant NAME: sets V_NAME V_BUILD V_TREE V_FRAGMENTS V_CMDLINE V_DESC
# V_NUMA V_CONFIG V_LACKS, V_LOCAL (the build's local fragment from make menuconfig, when
# there is one) and V_OBJ (its build folder).
load_variant() {
	V_NAME=$1 V_BUILD= _params=
	for _b in $(variant_builds); do
		case $1 in
		"$_b") load_build "$_b"; V_BUILD=$_b; break ;;
		"$_b"-*) ;;
		*) continue ;;
		esac
		load_build "$_b"
		_lines=$(boot_lines) || exit 1
		_params=$(printf '%s\n' "$_lines" | awk -v s="${1#"$_b"-}" '$1 == s { $1 = ""; sub(/^ /, ""); print; exit }')
		[ -n "$_params" ] && V_BUILD=$_b && break
	done
	[ -n "$V_BUILD" ] || unknown_variant "$1"
	V_TREE=$B_TREE V_FRAGMENTS=$B_FRAGMENTS V_DESC=$B_DESC V_NUMA=$B_NUMA V_CONFIG=$B_CONFIG V_LACKS=$B_LACKS
	[ -z "$_params" ] || V_DESC="$V_DESC, booted with $_params"
	case $B_CMDLINE in
	*'{boot}'*) _c="${B_CMDLINE%%\{boot\}*} $_params ${B_CMDLINE#*\{boot\}}" ;;
	*) _c="$B_CMDLINE $_params" ;;
	esac
	# One space between words, none at the ends, whatever {boot} became.
	V_CMDLINE=$(printf '%s\n' "$_c" | awk '{ $1 = $1; print }')
	V_LOCAL=$(local_fragment "$V_BUILD")
	[ -f "$V_LOCAL" ] || V_LOCAL=
	# shellcheck disable=SC2086
	V_OBJ=$(obj_dir "$V_TREE" "$V_CONFIG" $V_FRAGMENTS)
	# A build with a local fragment gets its own folder, so removing the
	# fragment goes back to the declared build as it was.
	[ -z "$V_LOCAL" ] || V_OBJ=$V_OBJ-local
}

# local_fragment BUILD: where make menuconfig keeps the build's changes.
local_fragment() {
	echo "$LAB_LOCAL/$1.config"
}

# obj_dir TREE CONFIG FRAGMENTS...: one build folder per (tree, config,
# fragments), so variants that differ only in boot parameters share a
# build.
obj_dir() {
	_t=$1
	_name=$(tree_folder "$_t")
	case $2 in debian:*) _name=$_name-debian-${2#debian:} ;; esac
	shift 2
	for _fr in "$@"; do _name=$_name-$_fr; done
	[ -n "${KERNEL_SRC:-}" ] && [ "$_t" = series ] && _name=custom-${_name#series-}
	echo "$LAB_OBJ/$_name"
}

# check_jobs VARIANT...: "VARIANT=JOB" for each, the guest job make check
# boots it with (and make lava-jobs writes for it): the first variant of
# a build in the list runs the check job (hackbench beside the sysfs
# stress), the boot-parameter variants of that build after it the same
# without hackbench, which the first boot ran. A boot that picks another
# preemption model (preempt= on a PREEMPT_DYNAMIC build) is a kernel of its
# own here: its first variant runs the whole check job too.
check_jobs() {
	_seen=
	for _v in "$@"; do
		load_variant "$_v" || return 1
		_model=$(printf '%s\n' "$V_CMDLINE" | tr ' ' '\n' | sed -n 's/^preempt=//p' | tail -n 1)
		case " $_seen " in
		*" $V_OBJ:$_model "*) echo "$_v=guest/jobs/check-boot-params.sh" ;;
		*)
			echo "$_v=guest/jobs/check.sh"
			_seen="$_seen $V_OBJ:$_model"
			;;
		esac
	done
}
