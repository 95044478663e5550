"""The Qt window: it shows what the services report and starts their work on workers."""
