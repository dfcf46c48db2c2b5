import Vouch
print(probe())
