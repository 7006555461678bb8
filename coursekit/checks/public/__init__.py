"""What student code may see while it is graded.

Set-up material, adapters and encoders; never an answer or a reference algorithm.
"""
