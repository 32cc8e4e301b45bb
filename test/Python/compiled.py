"""What the compiled-launch tests share: whether this machine can run
them (libkiln_python.so built, an OpenCL CPU device, a CUDA device), with
the reason when it cannot."""

import functools

import pytest

import kiln


@functools.lru_cache(None)
def _device_or_reason(selector):
    try:
        return kiln.Device(selector), None
    except Exception as exc:  # a missing library or device, said by the message
        return None, str(exc)


def needs(selector):
    """The device, or skip the test saying why it is missing."""
    device, reason = _device_or_reason(selector)
    if device is None:
        pytest.skip(f"no {selector} device for compiled launches: {reason}")
    return device


def skip_unless(selector):
    """A mark skipping a test where `selector` cannot be opened."""
    device, reason = _device_or_reason(selector)
    return pytest.mark.skipif(device is None,
                              reason=f"no {selector} device: {reason}")
