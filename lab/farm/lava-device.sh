#!/bin/sh
# lava-device.sh JOB.yaml DEVICE.yaml: write the device configuration
# lava-run takes for a job of lab/farm/lava-jobs.sh: lab/farm/lava-qemu-device.yaml
# with the job's context (its memory, and its extra_options as the QEMU
# extra options), as a server renders it from the job's context itself;
# lava-run takes the device rendered.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-device.sh JOB.yaml DEVICE.yaml"
[ $# -eq 2 ] || usage_die "expected JOB.yaml and DEVICE.yaml"
[ -f "$1" ] || die "no LAVA job at $1"
"${LAB_PYTHON:-/usr/bin/python3}" - "$LAB_ROOT/lab/farm/lava-qemu-device.yaml" "$1" "$2" <<'PY'
import sys
import yaml

device_file, job_file, out = sys.argv[1:4]
device = yaml.safe_load(open(device_file))
context = yaml.safe_load(open(job_file)).get("context", {})
if "extra_options" not in context:
    sys.exit("lab: error: %s has no context extra_options" % job_file)
qemu = device["actions"]["boot"]["methods"]["qemu"]["parameters"]
qemu["extra"] = context["extra_options"]
# The template's memory, as a server renders it from the job's context.
qemu["options"] = [o if not o.startswith("-m ") else "-m " + context["memory"] for o in qemu["options"]]
with open(out, "w") as f:
    f.write("# %s for %s (lab/farm/lava-device.sh)\n" % (device_file, job_file))
    yaml.safe_dump(device, f, sort_keys=False)
PY
