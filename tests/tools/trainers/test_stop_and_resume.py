"""request_stop() ends train() after the current batch and saves first (what the pages state)."""

from __future__ import annotations

from tools.torchrl import trainer_zoo
from tools.trainers import facts as trainers


def test_stop_run_matches_a_live_one(tmp_path):
    facts = trainers.checkpoint_facts()
    with trainer_zoo.captured():
        trainer = trainer_zoo.construction("TD3Trainer").build(save_trainer_file=tmp_path / "ckpt")
        trainer.register_op("post_steps", lambda: trainer.request_stop("test"))
        trainer.train()
    assert trainer.collected_frames == facts.stop.batches_collected * trainer_zoo.FRAMES_PER_BATCH
    assert (tmp_path / "ckpt").exists() == facts.stop.saved
