"""The output blocks and "Code | Output" tabs, and the ``outputs`` inventory section."""
