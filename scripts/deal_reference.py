#!/usr/bin/env python3
"""Independent reference implementation of tavolo-deal-v1 (src/deal/mod.rs), in pure Python.

Used to cross-check the golden vectors in src/deal/mod.rs: `python3 scripts/deal_reference.py`
prints the same values the Rust tests pin."""
import hashlib, struct, sys
def rotl(x,n): return ((x<<n)|(x>>(32-n)))&0xffffffff
def qr(s,a,b,c,d):
    s[a]=(s[a]+s[b])&0xffffffff; s[d]=rotl(s[d]^s[a],16)
    s[c]=(s[c]+s[d])&0xffffffff; s[b]=rotl(s[b]^s[c],12)
    s[a]=(s[a]+s[b])&0xffffffff; s[d]=rotl(s[d]^s[a],8)
    s[c]=(s[c]+s[d])&0xffffffff; s[b]=rotl(s[b]^s[c],7)
def block(key,counter,nonce):
    st=[0x61707865,0x3320646e,0x79622d32,0x6b206574]+list(struct.unpack('<8I',key))+[counter]+list(struct.unpack('<3I',nonce))
    w=st[:]
    for _ in range(10):
        qr(w,0,4,8,12);qr(w,1,5,9,13);qr(w,2,6,10,14);qr(w,3,7,11,15)
        qr(w,0,5,10,15);qr(w,1,6,11,12);qr(w,2,7,8,13);qr(w,3,4,9,14)
    return [(a+b)&0xffffffff for a,b in zip(w,st)]
class Rng:
    def __init__(s,key): s.key=key; s.ctr=0; s.buf=[]
    def u32(s):
        if not s.buf: s.buf=block(s.key,s.ctr,b'\0'*12); s.ctr+=1
        return s.buf.pop(0)
    def below(s,n):
        lim=2**32-(2**32%n)
        while True:
            x=s.u32()
            if x<lim: return x%n
def key(game,variant,seed,board):
    h=hashlib.sha256()
    for f in ["tavolo-deal-v1",game,variant,seed]:
        b=f.encode(); h.update(struct.pack('>I',len(b))+b)
    h.update(struct.pack('>I',board)); return h.digest()
def shuffled(g,v,s,b,n):
    r=Rng(key(g,v,s,b)); a=list(range(n))
    for i in range(n-1,0,-1):
        j=r.below(i+1); a[i],a[j]=a[j],a[i]
    return a
z=Rng(b'\0'*32); print([hex(z.u32()) for _ in range(4)])
print(key("test","standard","tavolo",1).hex())
print(shuffled("test","standard","tavolo",1,10))
print(shuffled("test","standard","tavolo",2,10))
print(shuffled("test","standard","",1,52))
print(shuffled("moon","2p","seed-001",7,25))
r=Rng(key("test","standard","tavolo",1)); print([r.below(n) for n in [1,2,3,6,7,100,1<<31,2**32-1]])
