(** * reduce32, normalize32, center32 for q = 8380417 (ntt/scalar32.go, poly/reduce32.go)

    Go source: ntt/scalar32.go poly/reduce32.go poly/types.go

<<
// reduce32 returns r ≡ a mod q with r = a − round(a/2^23)·q.
//
// Bounds: requires a ≤ 2^31 − 2^22 − 1; ensures −6283009 ≤ r ≤ 6283008.
func reduce32(a int32) int32 {
	t := (a + 1<<22) >> 23
	return a - t*q32
}

// reduce32 returns r ≡ a (mod q) with |r| < q.
//
// Bounds: requires −2^31 ≤ a < 2^31 − 2^22; ensures |r| ≤ 2^22 + 2^8·(2^13−1) < q.
func reduce32(a int32) int32 {
	t := (a + 1<<22) >> 23
	return a - t*Q32
}

// Bounds: requires −2^31 ≤ a < 2^31 − 2^22; ensures 0 ≤ r < q.
func normalize32(a int32) int32 {
	r := reduce32(a)
	return r + (r>>31)&Q32
}

// Bounds: requires −2^31 ≤ a < 2^31 − 2^22; ensures |r| ≤ (q−1)/2.
func center32(a int32) int32 {
	r := normalize32(a)
	// Subtract q when r > (q−1)/2: the sign bit of (q−1)/2 − r is the mask.
	return r - ((Q32-1)/2-r)>>31&Q32
}

const Q32 = 8380417
	q32     = 8380417  // the ML-DSA modulus, 2^23 − 2^13 + 1
>>

    The first function is ntt's, the others poly's (the same reduce32
    body, with different Bounds comments: both are proved).  Model:
    q32 = Q32 = 8380417; int32 operations wrap; [>>] is floor division;
    [&] binds like [*], so [r + (r>>31)&Q32] is [r + ((r>>31) & Q32)] and
    [r - ((Q32-1)/2-r)>>31&Q32] is [r - ((((Q32-1)/2 - r) >> 31) & Q32)]. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt.
Open Scope Z_scope.

Definition q : Z := 8380417.

Definition reduce32 (a : Z) : Z :=
  let t := asr (i32 (a + 2 ^ 22)) 23 in
  i32 (a - i32 (t * q)).

Definition normalize32 (a : Z) : Z :=
  let r := reduce32 a in i32 (r + Z.land (asr r 31) q).

Definition center32 (a : Z) : Z :=
  let r := normalize32 a in
  i32 (r - Z.land (asr (i32 ((q - 1) / 2 - r)) 31) q).

(** The exact value and the tight bounds. *)
Lemma reduce32_exact a :
  - 2 ^ 31 <= a <= 2 ^ 31 - 2 ^ 22 - 1 ->
  reduce32 a = a - (a + 2 ^ 22) / 2 ^ 23 * q /\
  - 6283009 <= a - (a + 2 ^ 22) / 2 ^ 23 * q <= 6283008.
Proof.
  intros Ha. unfold q.
  set (t := (a + 2 ^ 22) / 2 ^ 23).
  pose proof (Z.div_mod (a + 2 ^ 22) (2 ^ 23) ltac:(lia)) as Hd.
  pose proof (Z.mod_pos_bound (a + 2 ^ 22) (2 ^ 23) ltac:(lia)) as Hb.
  fold t in Hd.
  assert (Ht : - 256 <= t <= 255) by lia.
  (* t = −256 only for a < −2^31 + 2^22, where a − t·2^23 >= 0 *)
  assert (Hb' : - 6283009 <= a - t * 8380417 <= 6283008).
  { destruct (Z.eq_dec t (-256)) as [E|E]; [rewrite E in *|]; lia. }
  split; [|exact Hb'].
  unfold reduce32, i32, q.
  rewrite (wrap_small 32 (a + 2 ^ 22)) by (unfold signed; simpl in *; lia).
  rewrite asr_div by lia. fold t.
  rewrite wrap_sub_r by lia.
  apply wrap_small; [lia|]. unfold signed. simpl in *. lia.
Qed.

(* main *)
Theorem reduce32_ntt_correct a :
  signed 32 a -> a <= 2 ^ 31 - 2 ^ 22 - 1 ->
  let r := reduce32 a in
  r mod q = a mod q /\ - 6283009 <= r <= 6283008.
Proof.
  intros Ha Hup r. unfold signed in Ha. simpl in Ha.
  destruct (reduce32_exact a ltac:(simpl; lia)) as [Hr Hb].
  unfold r. rewrite Hr. split; [|exact Hb].
  rewrite Zminus_mod, Z_mod_mult, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.

(* main *)
Theorem reduce32_poly_correct a :
  - 2 ^ 31 <= a < 2 ^ 31 - 2 ^ 22 ->
  let r := reduce32 a in
  r mod q = a mod q /\ Z.abs r <= 2 ^ 22 + 2 ^ 8 * (2 ^ 13 - 1) /\
  2 ^ 22 + 2 ^ 8 * (2 ^ 13 - 1) < q.
Proof.
  intros Ha r.
  destruct (reduce32_ntt_correct a ltac:(unfold signed; simpl in *; lia) ltac:(lia))
    as [Hc Hb].
  split; [exact Hc|]. unfold q. simpl. fold r in Hb. lia.
Qed.

(* main *)
Theorem normalize32_correct a :
  - 2 ^ 31 <= a < 2 ^ 31 - 2 ^ 22 ->
  normalize32 a = a mod q.
Proof.
  intros Ha.
  destruct (reduce32_ntt_correct a ltac:(unfold signed; simpl in *; lia) ltac:(lia))
    as [Hc Hb].
  unfold normalize32. set (r := reduce32 a) in *.
  rewrite asr_sign32 by (unfold signed; simpl; lia).
  unfold i32, q in *.
  destruct (Z.ltb_spec r 0).
  - rewrite Z.land_m1_l, wrap_small by (lia || (unfold signed; simpl; lia)).
    rewrite <- Hc. apply Z.mod_unique with (q := -1); lia.
  - rewrite Z.land_0_l, Z.add_0_r, wrap_small by (lia || (unfold signed; simpl; lia)).
    rewrite <- Hc. symmetry. apply Z.mod_small. lia.
Qed.

(* main *)
Theorem center32_correct a :
  - 2 ^ 31 <= a < 2 ^ 31 - 2 ^ 22 ->
  let r := center32 a in
  r mod q = a mod q /\ Z.abs r <= (q - 1) / 2.
Proof.
  intros Ha r. unfold r, center32. rewrite normalize32_correct by exact Ha.
  pose proof (Z.mod_pos_bound a q ltac:(unfold q; lia)) as Hb.
  assert (Hx : exists x, x = a mod q) by (eexists; reflexivity).
  destruct Hx as [x Hx]. rewrite <- Hx in *.
  unfold q in *. change ((8380417 - 1) / 2) with 4190208.
  unfold i32.
  rewrite (wrap_small 32 (4190208 - x)) by (unfold signed; lia).
  rewrite asr_sign32 by (unfold signed; lia).
  destruct (Z.ltb_spec (4190208 - x) 0).
  - rewrite Z.land_m1_l, (wrap_small 32 (x - 8380417)) by (unfold signed; lia).
    split; [|lia].
    rewrite Hx, Zminus_mod, Z_mod_same_full, Z.sub_0_r, !Zmod_mod. reflexivity.
  - rewrite Z.land_0_l, Z.sub_0_r, (wrap_small 32 x) by (unfold signed; lia).
    split; [rewrite Hx; apply Zmod_mod | lia].
Qed.
