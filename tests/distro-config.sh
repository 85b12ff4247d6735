#!/bin/sh
# Debian's configuration as a lab build, configured only (no compile):
# series-rt-debian starts from Debian's amd64 RT configuration (package
# linux-config-6.12) plus configs/distro.config. Debug info and module
# signing must be off, Debian's own SLUB choices (per-CPU partial slabs
# and merging, which it sets explicitly) kept over the series' defaults,
# and a Debian configuration that builds something the guest needs as a
# module is refused by name. Then make deb's configurations
# (lab/kernel/deb.sh --config-only): trimmed by localmodconfig to
# configs/deb-modules.list, a bad list refused, and --full written anew
# in the same folder. Build folders are scratch ones.
set -u
cd "$(dirname "$0")/.."
. lab/lib/cases.sh
. lab/lib/common.sh
v=series-rt-debian
deb=$LAB_DEBIAN_CONFIGS/config.amd64_rt_amd64.xz
if [ ! -f "$deb" ]; then
	t_skip "Debian's RT configuration as a lab build" "no $deb (make deps installs linux-config-6.12)"
	exit 0
fi
mkdir -p build
scratch=$(mktemp -d "$PWD/build/test-distro.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
c=$scratch/obj/.config

t_ok "Debian's RT configuration configures as $v" sh lab/kernel/configure.sh --out "$scratch/obj" --no-local $v
t_says "debug info and module signing (and the lockdown LSM that selects it) are off" \
	'^# CONFIG_MODULE_SIG is not set # CONFIG_SECURITY_LOCKDOWN_LSM is not set CONFIG_DEBUG_INFO_NONE=y $' \
	sh -c "grep -x -e 'CONFIG_DEBUG_INFO_NONE=y' -e '# CONFIG_SECURITY_LOCKDOWN_LSM is not set' \
		-e '# CONFIG_MODULE_SIG is not set' '$c' | tr '\n' ' '"
t_says "Debian's own choices stay: RT, per-CPU partial slabs and merging on" \
	'^CONFIG_PREEMPT_RT=y CONFIG_SLAB_MERGE_DEFAULT=y CONFIG_SLUB_CPU_PARTIAL=y $' \
	sh -c "grep -x -e 'CONFIG_PREEMPT_RT=y' -e 'CONFIG_SLAB_MERGE_DEFAULT=y' -e 'CONFIG_SLUB_CPU_PARTIAL=y' '$c' | tr '\n' ' '"
mkdir -p "$scratch/deb"
xz -dc "$deb" | sed 's/^CONFIG_SERIAL_8250=y$/CONFIG_SERIAL_8250=m/' | xz -0 >"$scratch/deb/config.amd64_rt_amd64.xz"
t_refuses "a configuration that builds what the guest needs as a module is refused" \
	'CONFIG_SERIAL_8250 is not built in, and the guest needs it' \
	env LAB_DEBIAN_CONFIGS="$scratch/deb" sh lab/kernel/configure.sh --out "$scratch/obj2" --no-local $v

# make deb's trimmed configuration: Debian's, with the release named after
# the series' revision and localmodconfig keeping configs/deb-modules.list.
rev=$(sed -n -e '/^$/q' -e 's/^Revision: *//p' patches/cover-letter.txt)
t_ok "make deb's trimmed configuration of $v is written (lab/kernel/deb.sh --config-only)" \
	sh lab/kernel/deb.sh --config-only --out "$scratch/deb-out" $v
d=$scratch/deb-out/obj/.config
t_says "its release names the series, its revision and the trimming" "^CONFIG_LOCALVERSION=\"-slub-rt-v$rev-lab\"\$" grep -x 'CONFIG_LOCALVERSION=.*' "$d"
t_says "the listed modules stay modules (root disk, ext4, rt-eval's filesystem)" \
	'^CONFIG_EXT4_FS=m CONFIG_ISO9660_FS=m CONFIG_VIRTIO_BLK=m $' \
	sh -c "grep -x -e 'CONFIG_VIRTIO_BLK=m' -e 'CONFIG_EXT4_FS=m' -e 'CONFIG_ISO9660_FS=m' '$d' | sort | tr '\n' ' '"
t_says "a module not listed (e1000e) is left out, and a few dozen modules remain of Debian's thousands" \
	'^# CONFIG_E1000E is not set, [1-9][0-9]? modules$' \
	sh -c "echo \"\$(grep -x '# CONFIG_E1000E is not set' '$d'), \$(grep -c '=m\$' '$d') modules\""
mkdir -p "$scratch/configs"
cp configs/*.config "$scratch/configs/"
printf 'ext4 EXT4_FS\nno_such_module ISO9660_FS\n' >"$scratch/configs/deb-modules.list"
t_refuses "a misnamed module, whose symbol localmodconfig then turns off, is named by its symbol" \
	'not set after localmodconfig: ISO9660_FS' \
	env LAB_CONFIGS="$scratch/configs" sh lab/kernel/deb.sh --config-only --out "$scratch/deb-bad" $v
printf 'ext4 CONFIG_EXT4_FS\n' >"$scratch/configs/deb-modules.list"
t_refuses "a symbol written with CONFIG_ is refused" 'the symbol goes without CONFIG_: ext4 CONFIG_EXT4_FS' \
	env LAB_CONFIGS="$scratch/configs" sh lab/kernel/deb.sh --config-only --out "$scratch/deb-bad" $v
printf 'ext4\n' >"$scratch/configs/deb-modules.list"
t_refuses "a line of the module list without its symbol is refused" 'not "module SYMBOL": ext4' \
	env LAB_CONFIGS="$scratch/configs" sh lab/kernel/deb.sh --config-only --out "$scratch/deb-bad" $v
# The folder the trimmed configuration was written in: --full must write
# its .config anew, not keep the trimmed one.
t_says "--full, in the trimmed build's folder, keeps Debian's modules (e1000e) and names the release without -lab" \
	"^CONFIG_E1000E=m CONFIG_LOCALVERSION=\"-slub-rt-v$rev\" \$" \
	sh -c "sh lab/kernel/deb.sh --full --config-only --out '$scratch/deb-out' $v >/dev/null &&
		grep -x -e 'CONFIG_E1000E=m' -e 'CONFIG_LOCALVERSION=.*' '$scratch/deb-out/obj/.config' | sort | tr '\n' ' '"
