#!/bin/sh
# lava-device.sh JOB.yaml DEVICE.yaml: write the device configuration
# lava-run takes for a job of lab/farm/lava-jobs.sh, as a LAVA server
# renders one for a qemu device from the job's context: the template
# lab/farm/lava-qemu-device.yaml with QEMU's binary and the template's own
# options, which are the device's part of the command line
# lab/lib/qemu.sh qemu_argv makes for LAVA (purpose lava; the job's memory
# among them), and the job's extra_options; lava-run takes the device
# rendered.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-device.sh JOB.yaml DEVICE.yaml"
[ $# -eq 2 ] || usage_die "expected JOB.yaml and DEVICE.yaml"
[ -f "$1" ] || die "no LAVA job at $1"
python=${LAB_PYTHON:-/usr/bin/python3}
mem=$("$python" -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["context"]["memory"])' "$1") ||
	die "$1 has no context memory"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{ qemu_profile lava binary && qemu_argv --purpose lava --memory "$mem" --part device; } >"$tmp" || exit 1
"$python" - "$LAB_ROOT/lab/farm/lava-qemu-device.yaml" "$1" "$2" "$tmp" <<'PY'
import sys
import yaml

device_file, job_file, out, argv_file = sys.argv[1:5]
device = yaml.safe_load(open(device_file))
context = yaml.safe_load(open(job_file)).get("context", {})
if "extra_options" not in context:
    sys.exit("lab: error: %s has no context extra_options" % job_file)
argv = open(argv_file).read().splitlines()
qemu = device["actions"]["boot"]["methods"]["qemu"]["parameters"]
qemu["command"] = argv[0]
qemu["options"] = argv[1:]
qemu["extra"] = context["extra_options"]
with open(out, "w") as f:
    f.write("# %s for %s (lab/farm/lava-device.sh)\n" % (device_file, job_file))
    yaml.safe_dump(device, f, sort_keys=False)
PY
