"""What people look at: pictures of boards and trees, the stepper, the explorer, the charts."""
