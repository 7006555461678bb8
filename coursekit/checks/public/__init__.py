"""What student code may see while it is graded: set-up material, adapters, encoders; never an answer or a reference algorithm."""
