(** * FIPS 204 mod± and rounding by ⌊(r + h − 1)/2h⌋

    [modpm m α] is FIPS 204's m mod± α (§2.3): the element of
    (−α/2, α/2] (α even) or [−(α−1)/2, (α−1)/2] (α odd) congruent to m
    modulo α ([modpm_spec]).  [round_down_modpm]: for α = 2h, the multiple
    of α that ⌊(r + h − 1)/α⌋ picks is exactly r − (r mod± α). *)

From Coq Require Import ZArith Lia.
Open Scope Z_scope.

Definition modpm (m a : Z) : Z :=
  let t := m mod a in if t <=? a / 2 then t else t - a.

Lemma modpm_spec m h :
  0 < h ->
  (modpm m (2 * h)) mod (2 * h) = m mod (2 * h) /\
  - h < modpm m (2 * h) <= h.
Proof.
  intros Hh. unfold modpm.
  replace (2 * h / 2) with h by (rewrite Z.mul_comm, Z.div_mul; lia).
  pose proof (Z.mod_pos_bound m (2 * h) ltac:(lia)).
  destruct (Z.leb_spec (m mod (2 * h)) h).
  - split; [apply Zmod_mod | lia].
  - split; [|lia].
    rewrite Zminus_mod, Z_mod_same_full, Z.sub_0_r, !Zmod_mod. reflexivity.
Qed.

Lemma round_down_modpm r h :
  0 < h ->
  r - (r + h - 1) / (2 * h) * (2 * h) = modpm r (2 * h).
Proof.
  intros Hh. unfold modpm.
  replace (2 * h / 2) with h by (rewrite Z.mul_comm, Z.div_mul; lia).
  pose proof (Z.div_mod r (2 * h) ltac:(lia)) as Hr.
  pose proof (Z.mod_pos_bound r (2 * h) ltac:(lia)).
  set (Q := r / (2 * h)) in *. set (t := r mod (2 * h)) in *.
  destruct (Z.leb_spec t h).
  - replace ((r + h - 1) / (2 * h)) with Q.
    + lia.
    + apply Z.div_unique with (r := t + h - 1); lia.
  - replace ((r + h - 1) / (2 * h)) with (Q + 1).
    + lia.
    + apply Z.div_unique with (r := t + h - 1 - 2 * h); lia.
Qed.

(** A fixed-point reciprocal M ≈ K/D computes ⌊N/D⌋ as ⌊N·M/K⌋ when the
    excess e = M·D − K is small enough: (⌊N/D⌋ + 1)·e < M. *)
Lemma div_by_reciprocal N D M K e :
  0 < D -> 0 < K -> M * D = K + e -> 0 <= e -> 0 <= N ->
  (N / D + 1) * e < M ->
  (N * M) / K = N / D.
Proof.
  intros HD HK HM He HN Hsmall.
  pose proof (Z.div_mod N D ltac:(lia)) as Hn.
  pose proof (Z.mod_pos_bound N D HD) as Hs.
  set (k := N / D) in *. set (s := N mod D) in *.
  assert (Hk : 0 <= k) by (apply Z.div_pos; lia).
  assert (HM0 : 0 <= M) by nia.
  assert (HNM : N * M = k * K + (k * e + s * M)).
  { rewrite Hn. transitivity (k * (M * D) + s * M); [ring|]. rewrite HM. ring. }
  assert (HsM : s * M <= (D - 1) * M) by (apply Z.mul_le_mono_nonneg_r; lia).
  assert (Hke : k * e + e < M) by lia.
  assert (HDM : D * M = K + e) by lia.
  assert (Hlt : k * e + s * M < K) by lia.
  symmetry. apply Z.div_unique with (r := k * e + s * M); [|lia].
  left. split; [|exact Hlt].
  apply Z.add_nonneg_nonneg; apply Z.mul_nonneg_nonneg; lia.
Qed.
