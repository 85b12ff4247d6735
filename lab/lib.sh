# Common helpers for the lab scripts (POSIX sh, sourced).
# Paths can be overridden from the environment:
#   LAB_WORK     kernel trees, builds, initramfs (default: ./build)
#   LAB_RESULTS  results of runs (default: ./results)
#   KERNEL_SRC   use this kernel tree instead of the series tree
#   LAB_PATCHES, LAB_SERIES_TREE, LAB_VARIANTS, LAB_CONFIGS: other
#                patches/, series tree, variants/, configs/ (the lab's
#                self-tests use them)

LAB_ROOT=$(cd "$(dirname "$0")/.." && pwd)
LAB_WORK=${LAB_WORK:-$LAB_ROOT/build}
LAB_RESULTS=${LAB_RESULTS:-$LAB_ROOT/results}
LAB_TARBALL=${LAB_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
BASE_TREE=$LAB_WORK/src/base
SERIES_TREE=${LAB_SERIES_TREE:-$LAB_WORK/src/series}
PATCH_DIR=${LAB_PATCHES:-$LAB_ROOT/patches}
VARIANT_DIR=${LAB_VARIANTS:-$LAB_ROOT/variants}
CONFIG_DIR=${LAB_CONFIGS:-$LAB_ROOT/configs}
LAB_START=${LAB_START:-$(date +%s)}
export LAB_START

# Identity used for the base commit, so it hashes the same on every machine.
LAB_GIT="git -c user.name=lab -c user.email=lab@localhost -c commit.gpgsign=false"

log() {
	printf '[lab %4ss] %s\n' "$(( $(date +%s) - LAB_START ))" "$*" >&2
}

die() {
	printf 'lab: error: %s\n' "$*" >&2
	exit 1
}

usage_die() {
	printf 'lab: %s\n' "$*" >&2
	[ -n "${USAGE:-}" ] && printf 'usage: %s\n' "$USAGE" >&2
	exit 2
}

# tree_dir NAME: the source folder of tree "base" or "series".
tree_dir() {
	case $1 in
	base) echo "$BASE_TREE" ;;
	series) echo "${KERNEL_SRC:-$SERIES_TREE}" ;;
	*) die "unknown tree '$1' (known: base, series)" ;;
	esac
}

# variant_file NAME: path of a declared variant, or a clear error.
variant_file() {
	_f=$VARIANT_DIR/$1.variant
	if [ ! -f "$_f" ]; then
		printf 'lab: error: unknown variant "%s"; declared variants:' "$1" >&2
		for _v in "$VARIANT_DIR"/*.variant; do
			_v=${_v##*/}
			printf ' %s' "${_v%.variant}" >&2
		done
		printf '\n' >&2
		exit 1
	fi
	echo "$_f"
}

# load_variant NAME: sets V_NAME V_TREE V_FRAGMENTS V_CMDLINE V_DESC.
# A variant file holds key=value lines (tree, fragments, cmdline,
# description); anything else is an error, so typos do not pass silently.
load_variant() {
	_f=$(variant_file "$1") || exit 1
	V_NAME=$1 V_TREE= V_FRAGMENTS= V_CMDLINE= V_DESC=
	_n=0
	while IFS= read -r _line || [ -n "$_line" ]; do
		_n=$((_n + 1))
		case $_line in
		'' | '#'*) continue ;;
		tree=*) V_TREE=${_line#tree=} ;;
		fragments=*) V_FRAGMENTS=${_line#fragments=} ;;
		cmdline=*) V_CMDLINE=${_line#cmdline=} ;;
		description=*) V_DESC=${_line#description=} ;;
		*) die "$_f:$_n: unknown line '$_line' (keys: tree, fragments, cmdline, description)" ;;
		esac
	done <"$_f"
	case $V_TREE in
	base | series) ;;
	*) die "$_f: tree must be 'base' or 'series', not '$V_TREE'" ;;
	esac
	[ -n "$V_FRAGMENTS" ] || die "$_f: no fragments"
	for _fr in $V_FRAGMENTS; do
		[ -f "$CONFIG_DIR/$_fr.config" ] ||
			die "$_f: missing fragment file $CONFIG_DIR/$_fr.config"
	done
}

# obj_dir TREE FRAGMENTS...: one build folder per (tree, fragments), so
# variants that differ only in boot parameters share a build.
obj_dir() {
	_t=$1
	shift
	_name=$_t
	for _fr in "$@"; do _name=$_name-$_fr; done
	[ -n "${KERNEL_SRC:-}" ] && [ "$_t" = series ] && _name=custom-${_name#series-}
	echo "$LAB_WORK/obj/$_name"
}

# have_kvm: /dev/kvm exists and we can open it read-write.
have_kvm() {
	[ -c /dev/kvm ] && [ -r /dev/kvm ] && [ -w /dev/kvm ]
}

# kvm_boots KERNEL: KVM really runs a 64-bit kernel here. Some hosts offer a
# /dev/kvm on which firmware runs but a kernel never prints a line (nested
# or paravirtual setups), so we try once per host boot and remember.
kvm_boots() {
	have_kvm || return 1
	_memo=$LAB_WORK/kvm-boots
	_id=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
	if [ -f "$_memo" ] && [ "$(cut -d' ' -f1 "$_memo")" = "$_id" ]; then
		[ "$(cut -d' ' -f2 "$_memo")" = yes ]
		return
	fi
	_con=$(mktemp)
	timeout 15 qemu-system-x86_64 -accel kvm -cpu host -m 256M -nodefaults \
		-display none -no-reboot -serial "file:$_con" -kernel "$1" \
		-append "console=ttyS0 earlyprintk=serial,ttyS0 panic=-1 rdinit=/nonexistent" \
		</dev/null >/dev/null 2>&1
	_ans=no
	grep -q 'Linux version' "$_con" && _ans=yes
	rm -f "$_con"
	mkdir -p "$LAB_WORK"
	echo "$_id $_ans" >"$_memo"
	[ $_ans = yes ] || log "/dev/kvm is present but a kernel does not boot on it here; using TCG"
	[ $_ans = yes ]
}
