import type { AvatarIcon } from '@focusroom/core';
import {
  IconBallFootball,
  IconFlame,
  IconHeadphones,
  IconMoodHappy,
  IconMoodHeart,
  IconMoodSmile,
  IconMusic,
  IconPaw,
  IconPlayerPlay,
  IconPower,
  IconUser,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/** The twelve avatar icons of product §2, drawn with Tabler icons. */
export const AVATAR_ICON_COMPONENTS: Record<AvatarIcon, Icon> = {
  person: IconUser,
  emoji: IconMoodSmile,
  face: IconMoodHappy,
  pets: IconPaw,
  mood: IconMoodHeart,
  play: IconPlayerPlay,
  power: IconPower,
  headphones: IconHeadphones,
  sports: IconBallFootball,
  music: IconMusic,
  diversity: IconUsersGroup,
  fire: IconFlame,
};
